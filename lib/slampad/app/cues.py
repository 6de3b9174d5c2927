"""Short piezo cues: lists of (hz, ms); 0 Hz is a rest. One tune per event, each
different from the others (tests/test_cues.py), so a player hears what happened."""

TICK = [(880, 40)]  # the countdown's 3, 2, 1
GO = [(1760, 70)]  # the slam window opens (the dice are shown)
SLAM = [(1320, 30)]  # a press was taken: a slam, a card played, a throw
MATCH = [(660, 70), (0, 20), (990, 110)]  # a slam confirmed: the slammer collects
PENALTY = [(196, 260)]  # a penalty, a refused move, nobody scores
DEAD_HEAT = [(440, 60), (0, 40), (440, 60)]  # slams too close to split
TRICK = [(784, 60), (0, 15), (1047, 60), (0, 15), (1319, 120)]  # a trick won
WIN = [(523, 110), (659, 110), (784, 110), (1047, 260)]  # game over
JOIN = [(1175, 40)]  # a seat taken
MOVE = [(2000, 8)]  # a cursor step
