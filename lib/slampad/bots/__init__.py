"""Bot players, one module per game. Bots read only ``game.view(seat)`` and
work to a fixed budget, never the wall clock (ruling S2)."""
