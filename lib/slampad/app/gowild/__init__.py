"""gowild screens."""
