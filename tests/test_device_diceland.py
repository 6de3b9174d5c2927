"""Diceland on the simulated device: the menu path (setup, seats), whole games of a
human against a bot on the 128x64 OLED and on the 240x240 colour display, driven
through the cursor, select and the pads (screenshots saved), the replay of a game
from its seed and actions, refusals naming the ruling (D2, D3, D5), and hot-seat."""

import device_helpers
from device_helpers import PADS, WidthCheck, move_cursor

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

# The setup list, top to bottom.
SCENE, SIZE, TERRAIN, FATAL, GROUPING, CAPITAL, FILL, OPPONENT, NEXT, HOWTO, BACK = range(11)
GAMES_ROW = 3  # Diceland in the menu


def screen_name(dev):
    return type(dev.app.screen).__name__


def cursor_row(dev):
    return [x for x in dev.lines() if x.startswith(">")][0][1:]


def open_setup(dev):
    move_cursor(dev, 0, GAMES_ROW)
    assert dev.shows(">Diceland"), dev.lines()
    dev.tap("select")
    assert screen_name(dev) == "SetupScreen", dev.lines()
    return dev.app.screen


def set_row(dev, row, want, tries=16):
    move_cursor(dev, dev.app.screen.cursor, row)
    for _ in range(tries):
        if cursor_row(dev) == want:
            return
        dev.tap("select")
    raise AssertionError("row %d never read %r: %r" % (row, want, dev.lines()))


def start_game(dev, scene="pocket", opponent="P2: bot easy", pads=(0,), rules=()):
    """From the menu: the setup, the seats (the pads slam in order: P1 first), START."""
    open_setup(dev)
    set_row(dev, SCENE, "Scene: " + scene)
    for row, want in rules:
        set_row(dev, row, want)
    set_row(dev, OPPONENT, opponent)
    move_cursor(dev, dev.app.screen.cursor, NEXT)
    dev.tap("select")
    assert screen_name(dev) == "Seats", dev.lines()
    for p in pads:
        dev.tap(PADS[p])
    move_cursor(dev, dev.app.screen.cursor, 0)
    dev.tap("select")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    return dev.app.screen


def wait_turn(dev, timeout_ms=60000):
    """Run until a human must decide (or the game is over); the screen, or None."""
    waited = 0
    while waited < timeout_ms:
        scr = dev.app.screen
        if screen_name(dev) != "PlayScreen":
            return None
        if scr.stage in ("pick", "list") and scr.bots[scr.game.turn] is None:
            return scr
        dev.run(20)
        waited += 20
    raise AssertionError("timed out: %r" % (dev.lines(),))


def goto(dev, scr, h):
    """Move the cursor to hex h (scene.n: PASS) the short way round."""
    n = scr.game.scene.n + (1 if scr.passes() else 0)
    d = (h - scr.cur) % n
    key, k = ("down", d) if d <= n - d else ("up", n - d)
    for _ in range(k):
        dev.tap(key)
    assert scr.cur == h


def confirm(dev, scr, pad_key):
    """select, or every other time the turn player's own pad."""
    dev.tap(pad_key if pad_key and len(scr.actions) % 2 else "select")


def choose_item(dev, scr, action, pad_key=None):
    assert scr.stage == "list", dev.lines()
    for _ in range(len(scr.items)):
        if scr.items[scr.li][1] == tuple(action):
            break
        dev.tap("down")
    assert scr.items[scr.li][1] == tuple(action), (scr.items, action)
    confirm(dev, scr, pad_key)


def do(dev, scr, a, pad_key=None):
    """Play the core action ``a`` through the cursor, select (or the pad) and lists."""
    n = scr.game.scene.n
    before = len(scr.actions)
    if a[0] == "use":
        choose_item(dev, scr, a, pad_key)
    elif a[0] == "pass":
        goto(dev, scr, n)
        assert "pass? (select)" in dev.lines()[0], dev.lines()
        confirm(dev, scr, pad_key)
    elif a[0] == "place":
        goto(dev, scr, a[3])
        confirm(dev, scr, pad_key)
        if scr.stage == "list":  # which of the rolled values (D2)
            choose_item(dev, scr, a, pad_key)
    elif a[0] == "town":
        goto(dev, scr, a[2])
        confirm(dev, scr, pad_key)
    else:  # attack, move: source then target; combo: both sources then the target
        for h in a[2:]:
            goto(dev, scr, h)
            confirm(dev, scr, pad_key)
    assert len(scr.actions) == before + 1 and scr.actions[-1][:4] == tuple(a)[:4], (
        a, scr.actions[-3:], dev.lines())


def play_out(dev, policy, pad_keys, shots=None, limit=400):
    """Humans decide with ``policy[seat]`` (a bot) until the game-over screen."""
    seen = set()
    for _ in range(limit):
        scr = wait_turn(dev)
        if scr is None:
            break
        g = scr.game
        p = g.turn
        phase = g.phase
        assert dev.lines()[0].startswith("P%d" % (p + 1)) or scr.stage == "list", dev.lines()
        a = policy[p].choose(g.view(p))
        if shots is not None and phase not in seen and scr.stage == "pick":
            seen.add(phase)
            dev.save_png(str(shots / ("%s-%s.png" % (dev.profile, phase))))
        do(dev, scr, a, pad_keys[p])
    assert screen_name(dev) == "OverScreen", dev.lines()
    return seen


def check_replay(game, seed, options, actions):
    from slampad.games.diceland import Diceland

    g = Diceland(options, seed)
    for a in actions:
        g.apply(a)
    assert g.to_dict() == game.to_dict()
    assert g.is_over() and g.winners() == game.winners()


# -- the menu path -----------------------------------------------------------------------


def test_menu_opens_diceland_setup_with_every_line_explained(dev_factory):
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    scr = open_setup(dev)
    assert dev.lines()[0] == "18 hex, 11 dice each"  # D1: n/2 + 2
    assert scr.items() == [
        "Scene: valley", "Size: 18 hexes", "Terrain: on", "Fatal attract: off",
        "Grouping: off", "Capital: off", "Fill the void: off", "P2: bot normal",
        "Next: seats", "How to play", "Back",
    ]
    helps = []
    for row in range(len(scr.items())):
        move_cursor(dev, scr.cursor, row)
        helps.append(scr.title)
    assert len(set(helps)) == len(helps) and all(helps)
    set_row(dev, SIZE, "Size: 18 hexes")
    dev.tap("select")  # presets have their own size
    assert "only for a random scene" in " ".join(dev.lines())
    set_row(dev, SCENE, "Scene: random")
    set_row(dev, SIZE, "Size: 24 hexes")
    assert scr.options()["scene"] == "random" and scr.options()["size"] == 24
    set_row(dev, FATAL, "Fatal attract: on")
    assert "forced" in scr.title
    set_row(dev, OPPONENT, "P2: human")
    assert width.too_wide == []
    move_cursor(dev, scr.cursor, BACK)
    dev.tap("select")
    assert screen_name(dev) == "MenuScreen"


def test_D10_setup_help_counts_the_two_capitals_in_the_dice(dev_factory):
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    scr = open_setup(dev)
    set_row(dev, CAPITAL, "Capital: on")
    assert scr.title == "2 extra towns: capitals, 12 dice each. Take theirs: win"
    move_cursor(dev, scr.cursor, SCENE)
    assert dev.lines()[0] == "20 hex, 12 dice each"  # valley: 18 + 2 capitals
    set_row(dev, SCENE, "Scene: diceland")
    assert dev.lines()[0] == "38 hex, 21 dice each"  # D10's own example
    set_row(dev, SCENE, "Scene: random")
    set_row(dev, SIZE, "Size: 8 hexes")
    move_cursor(dev, scr.cursor, SCENE)
    assert dev.lines()[0] == "10 hex, 7 dice each"
    set_row(dev, CAPITAL, "Capital: off")
    move_cursor(dev, scr.cursor, SCENE)
    assert dev.lines()[0] == "8 hex, 6 dice each"
    assert not any("D1" in ln for ln in dev.lines())  # no ruling names on screen
    assert width.too_wide == []


def test_seats_need_every_human_to_slam_first(dev_factory):
    dev = dev_factory("pico")
    open_setup(dev)
    set_row(dev, OPPONENT, "P2: human")
    move_cursor(dev, dev.app.screen.cursor, NEXT)
    dev.tap("select")
    assert dev.lines()[1:4] == [">START Diceland", " P1 -- slam your pad", " P2 -- slam your pad"]
    dev.tap("select")
    assert "P1: slam your pad first" in " ".join(dev.lines())
    dev.tap("3")  # the first pad slammed is P1
    dev.tap("3")
    assert "Pad 3 is P1" in " ".join(dev.lines())
    dev.tap("select")
    assert "P2: slam your pad first" in " ".join(dev.lines())
    dev.tap("2")
    assert dev.app.screen.pads == [2, 1]
    dev.tap("select")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.pads == [2, 1]
    assert scr.kinds == ["human", "human"] and scr.bots == [None, None]
    assert scr.game.scene.n == 18  # valley, the default


# -- whole games -------------------------------------------------------------------------


def _human_vs_bot(dev_factory, tmp_path, profile, seed, scene, rules=()):
    from slampad.app.diceland import words
    from slampad.bots.diceland import DicelandBot

    dev = dev_factory(profile, seed=seed)
    width = WidthCheck(dev)
    scr = start_game(dev, scene, "P2: bot easy", (0,), rules)
    assert scr.kinds == ["human", "easy"] and scr.pads == [0, None]
    me = DicelandBot(0, "normal", seed)
    # P1 confirms with select on its first decisions, then with its own pad (pad 1).
    seen = play_out(dev, [me, None], ["1", None], tmp_path)
    assert {"occupy", "attack"} <= seen, seen
    over = dev.app.screen
    g = scr.game
    won = ["P%d" % (s + 1) for s in g.winners()]
    assert over.title == "Winner: " + won[0], over.title
    assert over.items()[0] == words.score(g)  # D9: why the winner won, in short
    dev.save_png(str(tmp_path / ("%s-over.png" % profile)))
    assert scr.view.map.group not in dev.app.text.group  # the map left with the game
    check_replay(g, scr.seed, scr.options, scr.actions)
    assert width.too_wide == [], width.too_wide
    # Rematch (once the OLED's big winner gave way): the same seats and options, a new seed.
    dev.run(2600)
    assert dev.shows(">Rematch")
    dev.tap("select")
    again = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and again.options == scr.options
    assert again.pads == scr.pads and again.seed != scr.seed
    return dev, scr


def test_human_against_a_bot_on_the_oled(dev_factory, tmp_path):
    dev, scr = _human_vs_bot(dev_factory, tmp_path, "pico", 11, "duel")
    assert (tmp_path / "pico-attack.png").exists()
    assert dev.app.text.rows == 5


def test_human_against_a_bot_on_the_colour_display(dev_factory, tmp_path):
    rules = ((CAPITAL, "Capital: on"),)
    dev, scr = _human_vs_bot(dev_factory, tmp_path, "pico_tft", 5, "pocket", rules)
    assert (tmp_path / "pico_tft-occupy.png").exists()
    assert scr.options["capital"] is True


def test_the_map_draws_owner_value_terrain_and_cursor(dev_factory):
    dev = dev_factory("pico_tft", seed=2)
    scr = start_game(dev, "pocket", "P2: bot easy", (0,))
    scr = wait_turn(dev)
    assert scr.game.phase == "occupy"
    m = scr.view.map
    w, _h, rgb = dev.screenshot()

    k = m.group.scale
    assert k == 3  # the pocket scene fits the 240x240 display tripled

    def at(x, y):  # a map pixel's colour on the 240x240 panel (the map is scaled by k)
        i = ((48 + k * (y - m.oy)) * w + k * (x - m.ox)) * 3
        return tuple(rgb[i : i + 3])

    def near(got, colour):  # the panel keeps 5-6 bits a channel (RGB565)
        want = colour.to_bytes(3, "big")
        return all(abs(got[k] - want[k]) <= 8 for k in range(3))

    from slampad.app.diceland.art import COLOURS

    x, y = m.pos[scr.cur]
    assert near(at(x + 6, y - 1), 0xFFE000)  # the cursor's ring, over the hex's top: yellow
    assert near(at(x + 1, y + 6), COLOURS[4])  # an empty hex: grey
    lines = dev.lines()
    assert lines[0] == "P1: place a die" and lines[1].startswith("To place P1 ")
    assert lines[-1].endswith(": empty")
    v = max(scr.game.free[0])
    a = ("place", 0, v, scr.cur)
    do(dev, scr, a)
    assert m.seen[a[3]] & 31 == 1 | v << 2  # drawn: P1's die (owner + 1), its value
    dev.run(20)
    w, _h, rgb = dev.screenshot()
    assert near(at(x + 1, y + 6), 0xE02020)  # P1's hex: red


# -- refusals -----------------------------------------------------------------------------


def test_illegal_picks_are_refused_with_the_ruling_in_a_plain_sentence(dev_factory):
    from slampad.app.diceland import words
    from slampad.bots.diceland import DicelandBot

    dev = dev_factory("pico", seed=4)
    scr = start_game(dev, "duel", "P2: human", (0, 1))
    g = scr.game
    bots = [DicelandBot(0, "easy", 1), DicelandBot(1, "easy", 2)]
    said = []

    def refused(h_list, want):
        for h in h_list:
            goto(dev, scr, h)
            dev.tap("select")
        text = " ".join(dev.lines()[1:]).strip()  # the rows under the prompt
        said.append(text)
        rid = want.partition(": ")[0]  # the ruling id is for the docs only
        ok = [say for _k, say in words.NO] if want.endswith(":") else [words.refusal(want)]
        assert text in ok and rid not in text, (want, dev.lines())
        assert not any(c.isdigit() for c in text) and text.endswith("."), text  # no hex numbers
        assert scr.stage == "news"
        dev.run(200)
        dev.tap("up")  # a button skips the note; the pick starts again
        assert scr.stage == "pick" and scr.sel == []

    # D2: one die per hex.
    scr = wait_turn(dev)
    do(dev, scr, bots[g.turn].choose(g.view(g.turn)))
    scr = wait_turn(dev)
    taken = [h for h in range(g.scene.n) if g.owner[h] >= 0][0]
    refused([taken], "D2: hex %d is occupied; one die per hex" % taken)
    while g.phase == "occupy":
        do(dev, wait_turn(dev), bots[g.turn].choose(g.view(g.turn)))
    scr = wait_turn(dev)
    assert g.phase == "attack", dev.lines()
    p = g.turn
    enemy = [h for h in range(g.scene.n) if g.owner[h] == 1 - p]
    refused([enemy[0]], "D3: hex %d holds no die of P%d" % (enemy[0], p + 1))
    src = [a[2] for a in g.attacks(p) if a[0] == "attack"][0]
    far = [h for h in enemy if h not in g.scene.adj[src]]
    if far:
        refused([src, far[0]], "D3: hex %d does not border hex %d" % (far[0], src))
    mine = [h for h in range(g.scene.n) if g.owner[h] == p and h != src]
    apart = [h for h in mine if h not in g.scene.adj[src]]
    if apart:
        refused([src, apart[0], enemy[0]], "D4:")
    # Picking the same hex again takes it back.
    goto(dev, scr, src)
    dev.tap("select")
    assert scr.sel == [src] and dev.lines()[0] == "P%d: attack which?" % (p + 1)
    assert g.owner[scr.cur] == 1 - p  # the cursor jumped to a target
    goto(dev, scr, src)
    dev.tap("select")
    assert scr.sel == [] and dev.lines()[0] == "P%d: attack from?" % (p + 1)
    # The non-turn player's pad does nothing.
    other = PADS[scr.pads[1 - p]]
    before = (list(g.owner), scr.cur, scr.stage)
    dev.tap(other)
    assert (list(g.owner), scr.cur, scr.stage) == before
    # D5: after the attack, a die in contact with the enemy (not in a forest) stays.
    for _ in range(40):
        scr = wait_turn(dev)
        if scr is None:
            break
        if g.phase == "move":
            from slampad.games import diceland_scenes as ds

            p = g.turn
            stuck = [h for h in range(g.scene.n) if g.owner[h] == p and g.touches(h, p)
                     and g.scene.terrain[h] != ds.FOREST and h != g.invader]
            empty = [d for h in stuck for d in g.scene.adj[h] if g.owner[d] < 0]
            if stuck and empty:
                h = [h for h in stuck if set(g.scene.adj[h]) & set(empty)][0]
                d = [d for d in g.scene.adj[h] if g.owner[d] < 0][0]
                refused([h, d], "D5: a die in contact with the enemy cannot leave")
                break
        do(dev, scr, bots[g.turn].choose(g.view(g.turn)))
    assert len(said) >= 3, said


# -- hot-seat ------------------------------------------------------------------------------


def test_hot_seat_two_humans_confirm_with_their_own_pads(dev_factory, tmp_path):
    from slampad.bots.diceland import DicelandBot

    dev = dev_factory("pico", seed=8)
    rules = ((GROUPING, "Grouping: on"), (FILL, "Fill the void: on"))
    scr = start_game(dev, "pocket", "P2: human", (3, 1), rules)
    assert scr.pads == [3, 1] and scr.bots == [None, None]
    policy = [DicelandBot(0, "easy", 3), DicelandBot(1, "normal", 4)]
    play_out(dev, policy, ["4", "2"])
    g = scr.game
    check_replay(g, scr.seed, scr.options, scr.actions)
    assert dev.app.screen.title.startswith("Winner: P")


# -- issue 29: news a player can read ------------------------------------------------------


def news_pages(dev, scr):
    """Every page of news shown until the stage moves on, left to turn by itself: [(rows
    under the prompt, how long the page stayed up in ms)]."""
    out = []
    rows, since = dev.lines()[1:], dev.now()
    while scr.stage == "news":
        dev.run(20)
        now_rows = dev.lines()[1:]
        if scr.stage != "news" or now_rows != rows:
            out.append((rows, dev.now() - since))
            rows, since = now_rows, dev.now()
    return out


def test_an_eleven_die_roll_shows_all_eleven_values_on_the_oled(dev_factory):
    """The 18-hex scene gives each seat 11 dice (D1): the opening note showed "P2 rolled
    6 6 6 4 3 3" and cut the rest. Now every value is on the 128x64 display, each page
    up long enough to read."""
    from slampad.app.diceland import words

    dev = dev_factory("pico", seed=3)
    scr = start_game(dev, "valley", "P2: human", (0, 1))
    g = scr.game
    assert [len(f) for f in g.free] == [11, 11]
    pages = news_pages(dev, scr)
    assert len(pages) >= 2
    for i, (rows, ms) in enumerate(pages):  # the first began as the game started
        assert all(len(r) <= dev.app.text.cols for r in rows), rows
        assert ms >= words.hold_ms([r for r in rows if r]) - (300 if i == 0 else 40), (rows, ms)
    text = " ".join(" ".join(r for r in rows if r) for rows, _ms in pages)
    for s in (0, 1):
        dice = " ".join(str(v) for v in sorted(g.free[s], reverse=True))
        assert "P%d rolled 11 dice: %s." % (s + 1, dice) in text, text
    assert "P%d places the first die." % (g.starter + 1) in text


def test_a_press_turns_a_page_of_news_and_the_last_page_ends_it(dev_factory):
    dev = dev_factory("pico", seed=3)
    scr = start_game(dev, "diceland", "P2: human", (0, 1))  # 20 dice each: three pages
    first = dev.lines()[1:]
    dev.run(200)
    dev.tap("up")
    assert scr.stage == "news" and dev.lines()[1:] != first
    for _ in range(3):
        dev.run(200)
        dev.tap("up")
    assert scr.stage == "pick"


def test_D9_the_end_says_why_the_winner_won(dev_factory):
    """D9: the most dice, then the higher sum, then the first turn; the capital at once."""
    from diceland_helpers import position

    from slampad.app.diceland import words

    def ended(text, **kw):
        g = position(text, **kw)
        g.phase, g.turn = "over", None
        g.won = [g.result()]
        return g

    g = ended("Pa3 Pa2 P P\nPb6 P P P", first=1)
    assert words.why(g) == "P1 wins with more dice on the map: 2 to 1."
    assert words.score(g) == "More dice: 2 to 1"
    g = ended("Pa3 Pb2 P P\nPa1 Pb1 P P", first=1)
    assert words.why(g) == "P1 wins on the sum: 4 to 3 (both have 2 dice)."
    assert words.score(g) == "Higher sum: 4-3"
    g = ended("Pa3 Pb2 P P\nPa1 Pb2 P P", first=1)
    assert words.why(g) == "P2 wins for taking the first turn: same dice, same sum."
    assert words.score(g) == "Tie: P2 began"
    g = ended("Ca3 Pb2 P P\nPa1 P P Cb4", first=1, capital=True)
    g.owner[g.scene.capitals[1]] = 0  # P1 moved into P2's capital
    g.won = [0]
    assert words.why(g) == "P1 wins by taking P2's capital."
    assert words.score(g) == "Took the capital"
    for g in (ended("Pa3 Pb2 P P\nPa1 Pb1 P P"), ended("Ca3 Pb2 P P\nPa1 P P Cb4", capital=True)):
        assert len(words.score(g)) <= 20  # one row of the end screen's list


def test_D9_the_colour_displays_end_adds_each_sides_dice_and_sum_winner_first(dev_factory):
    """Issue 29 item 3: on the 240x240 the end's reason has a row a side under it, the
    winner's first, each in its seat's colour (S1); the OLED keeps the reason alone."""
    from device_helpers import S1_COLOUR, lit_colours
    from diceland_helpers import position

    from slampad.app.diceland import words
    from slampad.app.over import OverScreen

    g = position("Pa3 Pb2 P P\nPa1 Pb1 P P", first=1)
    g.phase, g.turn = "over", None
    g.won = [g.result()]
    assert words.scores(g, False) == ["Higher sum: 4-3"]
    rows = words.scores(g, True)
    assert rows == ["Higher sum: 4-3", "P1  2 dice, sum 4", "P2  2 dice, sum 3"]
    dev = dev_factory("pico_tft")
    dev.run(300)
    app = dev.app
    app.go(OverScreen(app, ["P1"], rows, lambda: None))
    dev.run(40)
    assert dev.lines()[1:4] == [" " + x for x in rows]
    h = app.text.cell[1]
    shot = dev.screenshot()
    for r, seat in ((2, 0), (3, 1)):
        seen = lit_colours(shot, (0, r * h, dev.hw.width, h))
        assert max(seen, key=seen.get) == S1_COLOUR[seat], (r, seen)


def test_D3_results_are_sentences_naming_the_seats():
    from slampad.app.diceland import words

    said = words.tell([("roll", 1, [6]), ("attack", 1, 3, 4, 6, "failed")])
    assert said == ["P2 rolls 6 and fails: P2's die loses a point."]
    said = words.tell([("roll", 0, [2]), ("attack", 0, 3, 4, 2, "valid"),
                       ("eliminated", 1, 4), ("invade", 0, 3, 4)])
    assert said == ["P1 rolls 2 and wins: P2's die loses 2 points.",
                    "P2 loses a die.", "P1's die moves into the empty hex."]
    assert words.tell([("roll", 0, [2, 5])]) == ["P1 rolls 2 and 5."]  # D4: which one?
    assert words.tell([("attack", 0, 3, 4, 5, "failed")]) == [  # after the choice
        "P1's attack fails: P1's die loses a point."]
    assert words.tell([("roll", 0, [1]), ("attack", 0, 3, 4, 1, "perfect")]) == [
        "P1 rolls 1, a perfect hit: P2's die loses a point."]
    assert words.tell([("town", 1, 4, 5)]) == ["P2's town die gains a point: now 5."]
    assert words.tell([("first", 0, [9, 7])]) == [
        "Dice left over: P1's add up to 9, P2's to 7. P1 attacks first."]
    assert words.tell([("no_attack", 0, 1)]) == ["P1 cannot attack this turn."]
    for line in words.tell([("group", 0, 1, 2, 6), ("capital", 1, 7), ("fill", 1, 2, 3),
                            ("no_attack", 1, 2)]):
        assert line[:2] in ("P1", "P2") and line.endswith((".", "!")), line


def test_D2_to_D8_refusals_are_sentences_without_ids_or_hex_numbers():
    from slampad.app import legal
    from slampad.app.diceland import words

    for msg in ("D2: hex 4 is occupied; one die per hex", "D3: hex 2 holds no die of P1",
                "D3: hex 5 holds no enemy die", "D3: hex 5 does not border hex 2",
                "D4: the two attacking hexes must border each other",
                "D4: no combined attack against a hill or a mountain",
                "D4: a combination that does not fail must be chosen",
                "D5: a die moves to an adjacent hex", "D5: the die that just invaded cannot move",
                "D5: a die in contact with the enemy cannot leave (unless in a forest)",
                "D7: hex 3 is occupied (grouping is off)", "D5: hex 3 is occupied",
                "D5: a mountain, once empty, can never be entered again",
                "D6: fatal attraction: a move into contact with the enemy is compulsory",
                "D8: hex 3 is no own town whose die neither attacked nor moved, below 6",
                "D10: the capital option puts P1's first die on its capital"):
        say = words.refusal(legal.plain(msg))
        assert not say.startswith("Not allowed"), msg
        assert not any(c.isdigit() for c in say.replace("below 6", "")), say
