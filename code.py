"""Slampad device entry. The app is built in issue 3; until then this says so."""

print("Slampad: the device app is not built yet. Run tools/sim on a computer.")
