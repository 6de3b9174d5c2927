"""Pure rules cores, one module per game. No I/O, no clock, no hardware.

The contract every game follows (OpenSpiel / boardgame.io style):

- ``Game(options=None, seed=0)`` makes a game from an options dict and a seed.
  Missing options take their defaults; a bad option raises ``ValueError``.
- ``legal_actions(player)`` lists the actions ``player`` (a seat number) may
  take now; ``legal_actions(None)`` lists the referee's own actions (chance,
  timers). An action is a tuple (a list is accepted too) whose first item is
  its name. Actions that carry a timestamp are listed with ``None`` in its place.
- ``apply(action)`` checks the action, changes the state and returns a list of
  events (tuples) for the screen and the LEDs. An illegal action raises
  ``ValueError`` naming the rule it breaks and leaves the state untouched.
- ``is_over()``, ``winners()`` (a list of seats, empty until the end).
- ``to_dict()`` gives a JSON-safe dict; ``Game.from_dict(d)`` rebuilds the game
  and raises ``ValueError`` naming the bad field for a corrupt or old dict.
  ``from_dict(g.to_dict()).to_dict() == g.to_dict()`` always.
- ``current_player()`` says whose decision it is, as OpenSpiel's does: a seat number,
  or ANY_SEAT (several seats may act now: Wildside's ready-up and slams, Tumblin'
  Dice's roll-off), REFEREE (only the referee acts: a roll, a table-mode entry) or
  TERMINAL (the game is over). No seat but that one lists an action the referee's
  ``legal_actions(None)`` does not; under REFEREE and TERMINAL no seat does.
- ``view(player)`` is what that seat may see; bots read nothing else.
- Chance comes only from ``slampad.rng.Rng``, whose state is in the dict, so a
  seed plus the list of applied actions replays a game exactly.

Modules stay under 12 KB of source: the device compiles them at import.
"""

# current_player()'s answers that are not a seat (OpenSpiel's kSimultaneousPlayerId,
# kChancePlayerId and kTerminalPlayerId).
ANY_SEAT = -2
REFEREE = -1
TERMINAL = -4
