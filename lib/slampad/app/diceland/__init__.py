"""diceland screens."""
