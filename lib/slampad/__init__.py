"""Slampad: party-game console firmware. Imports nothing on purpose."""
