"""The games contract's checks that every game's tests share (games/__init__.py): the
save's JSON round trip, and the legality gate as it was before games said whose turn it
is (issue 28 item 4). tests/test_game_contract.py runs them on every game class; the
per-game helpers call ``roundtrip`` instead of keeping a copy each."""

import json

from slampad.app import legal


def roundtrip(g):
    """to_dict -> JSON -> from_dict -> to_dict gives the same dict; returns (the dict, the
    reloaded game). The dict is JSON-native: it comes back from JSON equal."""
    d = g.to_dict()
    back = json.loads(json.dumps(d, sort_keys=True))
    assert back == d, "to_dict is not JSON-native"
    h = type(g).from_dict(back)
    assert h.to_dict() == d, "from_dict(to_dict()) changes the state"
    return d, h


def ok_by_every_seat(game, a):
    """legal.ok as it was before current_player(): the referee's list, then every seat's
    (up to legal.SEATS), the seat the action names first."""
    if not isinstance(a, (list, tuple)) or not a:
        return False
    return legal._listed(a, game.legal_actions(None)) or legal.listed_by_a_seat(game, a)
