"""Go Wild! on the simulated device: pass and play (G9 peeking), table mode (S3)."""

import device_helpers
from device_helpers import cycle_to, scores_shown
from gowild_helpers import hand_cards, hand_rows

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def open_pass_and_play(dev):
    dev.tap("down")
    dev.tap("select")  # Go Wild!
    assert dev.lines()[0] == "Go Wild! - how?"
    dev.tap("select")  # pass and play
    assert dev.shows("START Go Wild!")


def seat_up(dev, humans, bots):
    """Humans slam to join; bots fill the given seats (level normal); then START."""
    for p in humans:
        dev.tap(str(p + 1))
    scr = dev.app.screen
    for s in bots:
        scr.cursor = s + 1
        cycle_to(dev, s, "normal")
    assert [scr.seats[p] for p in humans] == ["human"] * len(humans)
    scr.cursor = 0
    dev.tap("select")
    return dev.app.screen


def test_G9_pass_and_play_two_humans_two_bots_peek_by_holding_pads(dev_factory):
    dev = dev_factory("pico", seed=11)
    open_pass_and_play(dev)
    scr = seat_up(dev, humans=(0, 1), bots=(2, 3))
    g = scr.game
    assert scr.seats == [0, 1, 2, 3] and scr.kinds[:2] == ["human", "human"]
    peeks = 0
    hidden_checks = 0
    for _ in range(4000):
        if dev.shows("Rematch"):
            break
        if scr.stage == "turn" and g.turn is not None and scr.bots[g.turn] is None:
            s = g.turn
            others = [hand_cards(g.hands[o]) for o in range(4) if o != s]
            mine = hand_cards(g.hands[s])
            # Not held: no hand on screen, and select only asks for the pad (G9).
            assert hand_rows(dev) == []
            dev.tap("select", after=20)
            assert g.turn == s and dev.shows("hold your pad")
            hidden_checks += 1
            key = str(scr.seats[s] + 1)
            dev.press(key)
            dev.run(20)
            assert hand_rows(dev) == [mine], dev.lines()  # G9: the owner sees their hand
            assert not any(x in hand_rows(dev) for x in others if x != mine)
            peeks += 1
            dev.tap("down", after=20)
            want = scr.sets[scr.cursor]
            dev.tap("select", after=20)
            assert scr.actions[-1] == ("play", s, want)
            dev.release(key)
            dev.run(20)
            assert hand_rows(dev) == [] or g.turn == s
        else:
            dev.run(50)
    assert dev.shows("Rematch"), dev.lines()
    assert peeks >= 5 and hidden_checks == peeks
    assert max(g.scores) >= 20 and g.is_over()
    # The device only applied actions; the seed and those actions replay the game.
    from slampad.games.gowild import GoWild

    again = GoWild({"players": 4}, scr.seed)
    for a in scr.actions:
        again.apply(a)
    assert again.to_dict() == g.to_dict()
    # Every seat's points, each with its seat, whole on a row, most first.
    best = sorted(range(4), key=lambda s: (-g.scores[s], s))
    assert scores_shown(dev.lines()) == [["P%d" % (s + 1), g.scores[s]] for s in best]
    assert dev.lines()[1].startswith(" Points: "), dev.lines()  # what the numbers are


def test_G2_seats_past_the_pads_are_bots(dev_factory):
    dev = dev_factory("pico", seed=2)
    open_pass_and_play(dev)
    join = dev.app.screen
    assert len(join.seats) == 6
    join.cursor = 5  # P5
    dev.tap("select")
    assert join.seats[4] == "normal"  # P5 has no pad on a four-pad build: a bot
    cycle_to(dev, 4, "easy")
    scr = seat_up(dev, humans=(0,), bots=(5,))
    assert scr.seats == [0, 4, 5] and scr.kinds == ["human", "easy", "normal"]


def test_table_mode_keeps_score_says_who_leads_and_undoes(dev_factory):
    dev = dev_factory("pico", seed=4)
    dev.tap("down")
    dev.tap("select")
    dev.tap("down")
    dev.tap("select")  # table mode
    assert dev.lines()[0] == "Go Wild! at the table"
    dev.tap("select")  # players 4 -> 5
    dev.tap("down")
    dev.tap("select")  # first lead P2 (G8)
    dev.tap("down")
    dev.tap("select")  # START
    scr = dev.app.screen
    g = scr.game
    assert len(g.scores) == 5 and g.lead == 1
    assert dev.shows("P2 leads, no Wild One") and dev.shows("P1 0 P2 0 P3 0 P4 0")
    # P3 wins trick 1 with 4 cards: +1 and the Wild One.
    scr.cursor = 2
    dev.tap("select")
    assert on_screen(dev, "P3 won trick 1: how many cards in the winning set?")
    assert dev.shows(">3 cards")
    dev.tap("up")
    dev.tap("select")
    assert g.scores == [0, 0, 1, 0, 0] and g.wild_one == 2 and g.entries == [[2, 4]]
    dev.run(3000)
    assert dev.shows("P3 leads, Wild One P3") and dev.shows("P3 1 P4 0")
    # Nobody wins trick 2 (all sloughs): the same player leads (G4).
    scr.cursor = 5
    dev.tap("select")
    assert g.trick == 3 and g.lead == 2 and g.scores == [0, 0, 1, 0, 0]
    # Undo (S3) brings trick 2 back.
    scr.cursor = 6
    assert scr.items()[6] == "Undo last entry"
    dev.tap("select")
    assert g.trick == 2 and g.entries == [[2, 4]]
    # Play to 20 points: P1 wins tricks until the end screen.
    for _ in range(40):
        if g.is_over():
            break
        scr = dev.app.screen
        scr.cursor = 0
        dev.tap("select")
        dev.tap("select")
    assert g.winners() == [0] and dev.shows("Winner: P1")
    dev.run(2600)  # the OLED shows the winner big a while, then the choices
    assert dev.shows("Rematch")


def on_screen(dev, words):
    """The words are on the screen, perhaps wrapped over rows."""
    return words in " ".join(x.strip(" >") for x in dev.lines())


def lead_row(dev):
    scr = dev.app.screen
    return len(scr.items()) - 1


def test_G8_pass_and_play_first_lead_is_a_setup_choice(dev_factory, tmp_path):
    dev = dev_factory("pico", seed=8)
    open_pass_and_play(dev)
    join = dev.app.screen
    join.cursor = lead_row(dev)  # the last row, past the six seats
    join.draw()
    assert dev.shows("First lead: none")
    dev.tap("select")  # nothing to choose from yet: a note, no change
    assert on_screen(dev, "Slam a pad or add a bot first") and join.first is None
    for p in (1, 2):
        dev.tap(str(p + 1))  # P2 and P3 join
    join.cursor = 6  # P6: a bot
    dev.tap("select")
    join.cursor = lead_row(dev)
    join.draw()
    assert dev.shows("First lead: P2")  # unless changed, the first seat taken
    join.cursor = lead_row(dev)
    dev.tap("select")
    assert dev.shows("First lead: P3") and on_screen(dev, "P3 leads the first trick")
    dev.tap("select")
    dev.tap("select")  # P6, then round again to P2, then P3
    dev.tap("select")
    assert dev.shows("First lead: P3")
    dev.save_png(str(tmp_path / "gowild-join-lead.png"))
    join.cursor = 0
    dev.tap("select")  # START
    scr = dev.app.screen
    g = scr.game
    assert scr.seats == [1, 2, 5]
    assert g.options["first_lead"] == 1 and g.lead == 1 and g.turn == 1
    # The choice is part of the game, so the seed and actions replay it, and a save
    # keeps it.
    from slampad.app.gowild import play as play_gowild
    from slampad.games.gowild import GoWild

    again = play_gowild.resume(dev.app, scr.meta(), g.to_dict())
    assert again.game.lead == 1 and again.game.options["first_lead"] == 1
    replay = GoWild({"players": 3, "first_lead": 1}, scr.seed)
    assert replay.to_dict() == g.to_dict()


def test_G8_a_lead_seat_left_empty_falls_back_to_the_first_seat_taken(dev_factory):
    dev = dev_factory("pico", seed=9)
    open_pass_and_play(dev)
    join = dev.app.screen
    for p in (0, 3):
        dev.tap(str(p + 1))
    join.cursor = lead_row(dev)
    dev.tap("select")
    assert dev.shows("First lead: P4")
    join.cursor = 4  # P4 leaves
    dev.tap("select")
    assert join.seats[3] is None
    join.cursor = 5
    dev.tap("select")  # P5: a bot
    join.cursor = lead_row(dev)
    join.draw()
    assert dev.shows("First lead: P1")
    join.cursor = 0
    dev.tap("select")
    scr = dev.app.screen
    assert scr.seats == [0, 4] and scr.game.lead == 0 and scr.game.turn == 0


def test_G8_pass_and_play_rematch_keeps_the_chosen_first_lead(dev_factory):
    """Issue 29: table mode's Rematch kept the first lead chosen at setup, pass and
    play's started the new game with the first seat leading. G8 holds in every way of
    playing, rematches too."""
    from device_helpers import run_until

    dev = dev_factory("pico", seed=29)
    open_pass_and_play(dev)
    join = dev.app.screen
    for s in (1, 2, 3):  # P2, P3, P4: bots, so the game plays itself
        join.cursor = s + 1
        cycle_to(dev, s, "normal")
    join.cursor = lead_row(dev)
    dev.tap("select")
    dev.tap("select")
    assert dev.shows("First lead: P4")
    join.cursor = 0
    dev.tap("select")  # START
    scr = dev.app.screen
    assert scr.seats == [1, 2, 3] and scr.game.lead == 2
    scr.game.scores = [19, 19, 19]  # the first trick anyone wins ends the game
    run_until(dev, lambda: dev.shows("Rematch"), 60000, step=20)
    assert dev.app.screen.items()[dev.app.screen.cursor] == "Rematch"
    dev.tap("select")
    again = dev.app.screen
    assert again is not scr and type(again).__name__ == "PlayScreen"
    assert again.seats == [1, 2, 3]
    assert again.game.options["first_lead"] == 2  # P4 still leads the first trick
    assert again.game.lead == 2 and again.game.turn == 2


def test_seed_5043_presses_after_the_winning_entry_in_one_frame_end_the_game_once(
    dev_factory, monkeypatch
):
    """The campaign's seed 5043 (macropad, Go Wild! table mode): the winning entry's
    select and more presses in the same frame (select, up, select) reached the table
    screen after it had chosen the game-over screen: a second select picked a winner
    again and dropped the choice, and the next handed the finished game a trick
    ('trick', 0, 10), which legal_actions no longer listed. A screen that has chosen the
    next one takes no more presses."""
    from slampad.app import legal, saves
    from slampad.app.gowild.table import TableScreen

    dev = dev_factory("macropad", seed=43)
    monkeypatch.setattr(legal, "drops", 0)
    scr = TableScreen(dev.app, {"players": 3, "first_lead": 0, "target": 1})
    dev.app.go(scr)
    dev.run(100)
    now = dev.now()
    scr.on_menu("select", now)  # P1 won trick 1 ...
    assert scr.winner == 0
    for b in ("select", "select", "up", "select", "select"):  # ... and the frame's presses
        scr.on_menu(b, now)
    assert legal.drops == 0, legal.dropped
    assert scr.game.is_over() and len(scr.actions) == 1
    dev.run(100)
    assert type(dev.app.screen).__name__ == "OverScreen", dev.lines()
    assert saves.stats(dev.app)["g"]["gowild_table"][0] == 1  # counted once


def test_table_mode_says_one_card_not_one_cards(dev_factory):
    dev = dev_factory("pico", seed=4)
    dev.tap("down")
    dev.tap("select")
    dev.tap("down")
    dev.tap("select")  # table mode
    dev.tap("down")
    dev.tap("down")
    dev.tap("select")  # START
    scr = dev.app.screen
    scr.cursor = 2
    dev.tap("select")  # P3 won the trick
    assert dev.shows(">3 cards")
    dev.tap("down")
    dev.tap("down")
    assert dev.shows(">1 card") and not dev.shows("1 cards"), dev.lines()


def test_G4_a_finished_trick_shows_its_own_result_every_set_and_the_seats_scores(dev_factory):
    """Issue 17: the trick's result is not shown under the next trick's header; the table
    is the sets played, each after its seat, never split over rows; scores carry seats."""
    from gowild_helpers import oracle_winner, position, screen_rows

    from slampad.app.gowild.play import PlayScreen

    dev = dev_factory("pico", seed=5)
    g = position(["3R 2W", "2Y 1B", "4G 1O"], lead=0, plays=[(0, "3R"), (1, "2Y")],
                 scores=[4, 11, 0])  # fmt: skip
    scr = PlayScreen(dev.app, [0, 1, 2], ["normal"] * 3)
    scr.game = g
    dev.app.go(scr)
    for _ in range(200):
        if scr.stage == "shown":
            break
        dev.run(20)
    assert scr.stage == "shown" and g.trick == 2  # the game is on to trick 2 already
    plays = [[s, list(p)] for s, p in scr.shown]
    win = oracle_winner(plays, None)
    rows = screen_rows(dev)
    text = [t.rstrip() for t, _ in rows]
    size = sum(p for s, set_ in plays if s == win for p in set_)
    said = "P%d wins trick 1 with %d cards: +1 point" % (win + 1, size)
    assert " ".join(text[:2]) == said, text  # a sentence over two rows
    assert not any("trick 2" in t for t in text), text
    seats, drawn = [], []
    for t, cs in rows:
        if cs and t.startswith("P"):
            seats.extend(t.split())
            drawn.extend(cs)
    assert seats == ["P1", "P2", "P3"]  # in play order, from the lead
    assert drawn == [c for _, p in plays for c in hand_cards(p)]  # each set as its cards
    assert "P%d is the Wild One" % (win + 1) in text
    want = [4, 11, 0]
    want[win] += 1
    assert "P1 %d P2 %d P3 %d" % tuple(want) in " ".join(text).replace("  ", " ")


def test_scores_and_table_entries_are_packed_whole():
    from gowild_helpers import cards as _cards
    from gowild_helpers import row_cards

    from slampad.app.gowild import cards as cd
    from slampad.app.gowild import words

    names = ["P%d" % (s + 1) for s in range(6)]
    assert words.scores(names[:2], [12, 9], 21) == ["P1 12  P2 9"]
    rows = words.scores(names[:4], [19, 19, 19, 19], 21)  # 23 columns on one row
    assert rows == ["P1 19 P2 19 P3 19", "P4 19"]
    rows = words.scores(names, [1, 22, 3, 14, 5, 16], 20)
    assert all(len(r) <= 20 for r in rows)
    assert " ".join(rows) == "P1 1 P2 22 P3 3 P4 14 P5 5 P6 16"
    sets = ["3R", "2Y", "4B 2W", "1G", "12O", "1W"]
    entries = [[names[s] + " "] + cd.of(_cards(sets[s])) for s in range(6)]
    rows = words.pack(entries, 21)
    lines, tiles = cd.layout(rows)
    assert all(len(x) <= 21 for x in lines)
    assert [len(t) for t in tiles] == [len(x) for x in lines]
    # 6 + 1 + 6 columns, then P3's two cards (9) would pass 21: a new row, whole.
    assert [x.split() for x in lines] == [["P1", "P2"], ["P3", "P4"], ["P5", "P6"]]
    assert [row_cards(t) for t in tiles] == [[(3, 0), (2, 1)], [(4, 3), (2, 5), (1, 4)],
                                             [(12, 2), (1, 5)]]  # fmt: skip


def test_G4_G6_results_and_news_are_plain_sentences_naming_the_set_and_the_points():
    """Issue 29: "P2 wins trick 1: +1" said nothing of why; a result is a sentence with
    the winning set's size and the points (G6: 1, 2, 3), and nobody winning says why
    (G4: only wilds were played). A line about one seat is in its colour (S1)."""
    from slampad.app.gowild import words
    from slampad.app.ui import SEAT_COLOURS, WHITE

    names = ["P2", "P5", "P6"]
    seats = [1, 4, 5]
    line, colour = words.result((3, 1, 3), seats, names, None, [[0, [2, 0, 0, 0, 0, 0]],
                                                                [1, [0, 0, 4, 0, 0, 0]]])
    assert line == "P5 wins trick 3 with 4 cards: +3 points" and colour == SEAT_COLOURS[4]
    assert words.result((1, 0, 1), seats, names, 1)[0] == "P2 wins trick 1 with 1 card: +1 point"
    assert words.result((2, None, 0), seats, names) == (
        "Only wilds were played: nobody wins trick 2", WHITE)
    assert words.game_over("P6", 21) == "P6 has 21 points and wins the game"
    assert words.seat_colour("P6 is the Wild One") == SEAT_COLOURS[5]
    assert words.seat_colour("P1: hold your pad down") == SEAT_COLOURS[0]
    assert words.seat_colour("Play on", 7) == 7 and words.seat_colour("P12 x") == WHITE


def test_G9_a_pad_held_when_the_turn_comes_shows_the_hand_at_once(dev_factory):
    """Issue 29 (found by the ten-minute held pad of test_device_hostile): P1 held their
    pad while the bots played; on the frame the turn came to P1 the screen said "hold
    your pad" and select did nothing, until the next frame saw the pad held."""
    from gowild_helpers import position

    from slampad.app.gowild.play import PlayScreen

    dev = dev_factory("pico", seed=5)
    g = position(["3R 2W", "2Y 1B", "4G 1O"], lead=1)
    scr = PlayScreen(dev.app, [0, 1, 2], ["human", "normal", "normal"])
    scr.game = g
    dev.app.go(scr)
    dev.press("1")
    dev.run(20)
    assert g.turn == 1 and not scr.sets
    scr.act(("play", 1, [0, 1, 0, 0, 0, 0]), dev.now())  # P2 plays: P3's turn
    scr.act(("play", 2, [0, 0, 0, 0, 4, 0]), dev.now())  # P3 plays: P1's turn, pad held
    assert g.turn == 0 and scr.peek and scr.sets, dev.lines()
    assert hand_rows(dev) == [hand_cards(g.hands[0])]
    dev.release("1")
