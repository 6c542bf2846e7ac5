"""The shared engine: registry, actions as values, the generator, and saves that refuse corruption."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import archeo_lab as al
from archeo_lab.engine import Rng
from archeo_lab.engine.errors import UnreadableAction
from archeo_lab.engine.saves import Fields
from tests.save_mutations import paths

CIBOLA = al.get_game("cibola")


# -- registry ---------------------------------------------------------------------------------

def test_registry_lists_games_and_names_the_known_keys_on_a_typo():
    assert "cibola" in [g.key for g in al.list_games()]
    assert al.get_game("cibola") is CIBOLA and al.get_game(CIBOLA) is CIBOLA
    with pytest.raises(KeyError, match="cibola"):
        al.get_game("cibolla")


# -- the generator ------------------------------------------------------------------------------

def test_rng_is_deterministic_unbiased_enough_and_saves_as_one_integer():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    restored = Rng(state=a.state)
    assert restored.next64() == a.next64()
    counts = [0] * 6
    r = Rng(1)
    for _ in range(60000):
        counts[r.below(6)] += 1
    assert all(abs(c - 10000) < 400 for c in counts)   # ~4.4 sigma
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    with pytest.raises(TypeError):
        Rng("7")


def test_below_and_spawn_read_the_generators_own_draws():
    """``below`` is rejection sampling on ``next64``'s outputs, and ``spawn`` (which skips ``__init__``) a
    generator whose state is the next output: the same numbers as written the plain way, for small and huge
    ``n`` (where rejections happen), so a seed replays what it played."""
    def plain_below(rng: Rng, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = rng.next64()
            if x < limit:
                return x % n

    for seed in range(20):
        fast, plain = Rng(seed), Rng(seed)
        for n in (1, 2, 6, 7, 100, 3 ** 40 + 1, (1 << 63) + 1, (1 << 64) - 1):
            assert fast.below(n) == plain_below(plain, n) and fast.state == plain.state
        child, twin = fast.spawn(), Rng(state=plain.next64())
        assert type(child) is Rng and child.state == twin.state and fast.state == plain.state
        assert [child.below(9) for _ in range(5)] == [twin.below(9) for _ in range(5)]


def test_permute_is_a_uniform_shuffle_in_fewer_draws():
    """``Rng.permute``: every order of 4 items about equally often; with 30 items (several draws, one per
    run of positions) each item about equally often in the first and the last place; same seed, same order."""
    r = Rng(11)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24000):
        items = [0, 1, 2, 3]
        r.permute(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 24 and all(abs(c - 1000) < 140 for c in counts.values())   # ~4.4 sigma
    first, last = [0] * 30, [0] * 30
    for _ in range(15000):
        items = list(range(30))
        r.permute(items)
        first[items[0]] += 1
        last[items[-1]] += 1
    assert all(abs(c - 500) < 100 for c in first + last)                            # ~4.5 sigma
    a, b = list(range(30)), list(range(30))
    Rng(4).permute(a)
    Rng(4).permute(b)
    assert a == b and sorted(a) == list(range(30))

    class Counting(Rng):
        __slots__ = ("draws",)

        def next64(self) -> int:
            self.draws += 1
            return super().next64()

    counting = Counting(4)
    counting.draws = 0
    for _ in range(100):
        counting.permute(list(range(30)))
    assert counting.draws <= 400, "29 swap indices in 2 draws of 64 bits (and a few rejected)"


def test_orders_draws_every_order_of_each_sequence_equally_often_and_independently():
    """``Orders``: every order of 3 and of 4 items about equally often, the pairs of them as well (the
    digits of one draw are independent); past 64 bits the sequences take several draws, each uniform;
    the same seed, the same orders; longer sequences are refused (their orders would not be listed)."""
    from archeo_lab.engine.rng import Orders

    orders = Orders([(0, 1, 2), (0, 1, 2, 3)])
    r = Rng(12)
    pairs: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(36000):
        three, four = orders.draw(r)
        pairs[three, four] = pairs.get((three, four), 0) + 1
    assert len(pairs) == 6 * 24 and all(abs(c - 250) < 75 for c in pairs.values())    # ~4.7 sigma
    many = Orders([tuple(range(5))] * 12)                # 120 ** 12 > 2 ** 64: two draws
    assert [len(members) for members, _ in many.runs] == [9, 3]
    firsts = [[0] * 5 for _ in range(12)]
    for _ in range(5000):
        for k, order in enumerate(many.draw(r)):
            firsts[k][order[0]] += 1
    assert all(abs(c - 1000) < 130 for row in firsts for c in row)                    # ~4.6 sigma
    assert many.draw(Rng(4)) == many.draw(Rng(4))
    assert Orders([(1,), ()]).draw(Rng(1)) == [(1,), ()]
    with pytest.raises(ValueError, match="at most 6"):
        Orders([tuple(range(7))])


def test_nearby_seeds_are_unrelated():
    """Seeds are hashed before the generator starts: Rng(s + 1) is not Rng(s) one draw later."""
    for s in range(200):
        later = Rng(s)
        later.next64()
        assert Rng(s + 1).next64() != later.next64()
    firsts = {Rng(s).next64() for s in range(-50, 2000)}
    assert len(firsts) == 2050


def test_consecutive_seeds_deal_as_varied_openings_as_random_seeds():
    """Quetzal's opening tosses (2 x 7 meeples) over seeds 0..N-1 are as varied as over random seeds.

    With the seed used as the generator's state, seeds s and s+1 shared most of their set-up and
    60,000 consecutive seeds gave 29,412 distinct opening tosses."""
    game = al.get_game("quetzal")
    n = 1500

    def distinct(seeds):
        return len({json.dumps(game.new_state(players=2, seed=s).to_dict()["state"]["tossed"]) for s in seeds})

    draw = Rng(20261124)
    consecutive, scattered = distinct(range(n)), distinct(draw.next64() for _ in range(n))
    assert consecutive >= 0.97 * scattered, (consecutive, scattered)


# -- actions ------------------------------------------------------------------------------------

def test_actions_are_values_with_text_and_json_both_ways():
    Bid, Take = al.get_game("cibola").codec.types["bid"], al.get_game("cibola").codec.types["take"]
    assert Bid(3) == Bid(3) and hash(Bid(3)) == hash(Bid(3)) and Bid(2) < Bid(3)
    assert CIBOLA.parse_action("bid 3") == Bid(3)
    assert CIBOLA.parse_action("  BID 3 ") == Bid(3)
    assert CIBOLA.parse_action("take i-05") == Take("I-05")
    assert CIBOLA.parse_action(str(Take("II-11"))) == Take("II-11")
    assert CIBOLA.action_from_json({"type": "take", "card": "I-05"}) == Take("I-05")
    with pytest.raises(AttributeError):
        Bid(3).amount = 4


@pytest.mark.parametrize("bad,words", [
    ("bid three", "cannot read 'bid three'"),
    ({"type": "bid"}, "field 'amount' is missing"),
    ({"type": "bid", "amount": "3"}, "must be an integer"),
    ({"type": "bid", "amount": True}, "must be an integer"),
    ({"type": "bid", "amount": 3, "extra": 1}, "unknown field"),
    ({"type": "fly"}, "not an action of Les Trésors de Cibola"),
    ([1, 2], r"\[1, 2\] is not an action"),
])
def test_unreadable_actions_say_what_is_wrong(bad, words):
    state = CIBOLA.new_state(players=3, seed=1)
    before = state.to_json()
    with pytest.raises(UnreadableAction, match=words):
        state.apply(bad)
    assert state.to_json() == before


def test_illegal_and_unreadable_share_one_except():
    state = CIBOLA.new_state(players=3, seed=1)
    for bad in ("bid 99", "bid x", {"type": "take", "card": "I-99"}):
        with pytest.raises(al.IllegalAction):
            state.apply(bad)


def test_a_game_over_refuses_every_action():
    state = CIBOLA.new_state(players=2, seed=1)
    rng = random.Random(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(al.IllegalAction, match="game is over"):
        state.apply("bid 0")


# -- saves ---------------------------------------------------------------------------------------

def midgame(seed=5, moves=25):
    state = CIBOLA.new_state(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_save_is_versioned_and_lossless():
    state = midgame()
    data = json.loads(state.to_json())
    assert data["format"] == "archeo-lab/state" and data["schema"] == 1 and data["game"] == "cibola"
    loaded = CIBOLA.state_from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    rng = random.Random(9)
    while not state.is_terminal:   # the reloaded game continues identically, chance included
        action = rng.choice(state.legal_actions())
        state.apply(action)
        loaded.apply(action)
    assert loaded.to_json() == state.to_json()


def corrupt(edit):
    data = json.loads(midgame().to_json())
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(schema=2), "save.schema 2"),
    (lambda d: d.update(game="tikal"), "save.game"),
    (lambda d: d.update(format="other"), "save.format"),
    (lambda d: d.update(players=5), "save.players"),
    (lambda d: d.update(rules_version=9), "save.rules_version"),
    (lambda d: d.update(rng=-1), "save.rng"),
    (lambda d: d["state"].update(round=0), "save.state.round"),
    (lambda d: d["state"].update(phase="dance"), "save.state.phase"),
    (lambda d: d["state"]["explorers"].__setitem__(0, -2), r"save.state.explorers\[0\]"),
    (lambda d: d["state"]["explorers"].__setitem__(0, "3"), r"save.state.explorers\[0\]"),
    (lambda d: d["state"].pop("discard"), "save.state.discard is missing"),
    (lambda d: d["state"]["decks"][0].append("I-99"), r"save.state.decks\[0\]"),
    (lambda d: d["state"]["covered"].__setitem__(0, [1, 0, 0, 0]), r"save.state.covered\[0\]"),
    (lambda d: d["state"].update(discard=d["state"]["discard"] + 1), "explorers in play"),
    (lambda d: d["state"]["collections"][0].append(d["state"]["decks"][1][0]), "exactly one place"),
    (lambda d: d["state"]["totems_available"].append(d["state"]["totems_available"][0] if
                                                     d["state"]["totems_available"] else "sun"), "totems"),
])
def test_corrupt_saves_are_refused_naming_the_field(edit, field):
    with pytest.raises(al.CorruptSave, match=field):
        CIBOLA.state_from_json(corrupt(edit))


@pytest.mark.parametrize("text", ["", "not json", "[]", "null", '{"format": "archeo-lab/state"}'])
def test_non_saves_are_refused(text):
    with pytest.raises(al.CorruptSave):
        CIBOLA.state_from_json(text)


SAVE = json.loads(midgame(seed=11, moves=30).to_json())
LEAVES = [p for p, v in paths(SAVE)
          if not isinstance(v, (dict, list)) and p[:1] == ("state",) and "events" not in p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(LEAVES),
       value=st.one_of(st.integers(-3, 40), st.booleans(), st.none(), st.sampled_from(["I-01", "II-16", "x", "sun"])))
def test_any_single_field_change_loads_consistently_or_is_refused(path, value):
    """Fuzz: a save with one value changed either loads into a state that passes every
    conservation check and can be played on, or is refused with CorruptSave."""
    data = json.loads(json.dumps(SAVE))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        state = CIBOLA.state_from_json(json.dumps(data))
    except al.CorruptSave:
        return
    assert state.check() == []
    if not state.is_terminal:
        legal = state.legal_actions()
        assert legal
        state.apply(legal[0])


def test_per_seat_rows_are_checked_row_by_row_and_named():
    f = Fields({"reserve": [[1, 2], [3]], "hands": [["a"], "b"]}, "state")
    with pytest.raises(al.CorruptSave, match=r"state\.reserve\[1\] must be a list of 2 items"):
        f.int_lists("reserve", length=2, inner=2)
    with pytest.raises(al.CorruptSave, match=r"state\.reserve\[0\]\[1\] must be an integer from 0 to 1, got 2"):
        f.int_lists("reserve", lo=0, hi=1)
    with pytest.raises(al.CorruptSave, match=r"state\.hands\[1\] must be a list, got 'b'"):
        f.str_lists("hands")
    assert Fields({"r": [[0, 1], [2, 3]]}, "s").int_lists("r", length=2, inner=2, lo=0) == [[0, 1], [2, 3]]
