"""tumblin screens."""
