"""wildside screens."""
