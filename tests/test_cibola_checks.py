"""Les Trésors de Cibola: one place for each number, one check for each kind of action (issue 20 item 2).

The limits the rules read (``components.EXPLORERS_PER_PLAYER``, ``TOTEM_AMOUNTS``) live in one place:
changing one in memory changes, together, what is offered (the legal actions), what happens (the
explorers dealt, taken or given), what the learner reads (the refusal, the totem's text, the log) and
what a save may hold.  And the fast list of legal actions (``CibolaState._legal_actions``) agrees,
on positions of seeded random games, with the one check per kind of action
(``refusals.check``) that ``apply`` asks and that words every refusal.
"""

from __future__ import annotations

import random

import pytest

import archeo_lab as al
from archeo_lab.games.cibola import actions, components, refusals
from archeo_lab.games.cibola.positions import position

GAME = al.get_game("cibola")


def _refusal(state, action) -> str:
    """The reason ``apply`` gives for ``action``; the position is left as it was."""
    before = state.to_json()
    with pytest.raises(al.IllegalAction) as refused:
        state.apply(action)
    assert state.to_json() == before
    return str(refused.value)


def _reloaded(state):
    """The position through its save: the save's limits must accept it."""
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    return again


# -- (a) a limit changed in memory changes the offer, the effect and the words ------------------

def test_explorers_dealt_are_offered_charged_refused_and_saved_from_one_number(monkeypatch):
    """« Distribuez équitablement les pions Explorateurs » (Préparation 2): 8 each at three players."""
    dealt = components.EXPLORERS_PER_PLAYER[3]
    monkeypatch.setitem(components.EXPLORERS_PER_PLAYER, 3, dealt + 1)
    state = GAME.new_state(players=3, seed=5)
    assert state.explorers == [dealt + 1] * 3
    assert [a.amount for a in state.legal_actions()] == list(range(dealt + 2))
    reason = _refusal(state, f"bid {dealt + 2}")
    assert f"you have {dealt + 1} explorers, so you cannot bid {dealt + 2}" in reason
    seat = state.current_player
    state.apply(f"bid {dealt + 1}")
    assert state.explorers[seat] == 0 and state.explorers_held()[seat] == dealt + 1
    assert state.check() == [], "the conservation of explorers reads the new number"
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        assert state.check() == []
    _reloaded(state)


def test_without_the_change_the_printed_count_is_refused_by_the_save(monkeypatch):
    """The save's limits follow the number too: 9 explorers each is not a three-player save of the rule book."""
    monkeypatch.setitem(components.EXPLORERS_PER_PLAYER, 3, components.EXPLORERS_PER_PLAYER[3] + 1)
    text = GAME.new_state(players=3, seed=5).to_json()
    monkeypatch.undo()
    with pytest.raises(al.CorruptSave, match="explorers"):
        GAME.state_from_json(text)


def _totem_round(name: str, explorers=(5, 5, 5, 5), bids=(2, 1, 1, 1)):
    """Seat 0 wins the bid, takes I-03 (a totem symbol) and chooses ``name``."""
    others = [t for t in components.TOTEM_BY_NAME if t != name][:4]
    state = position(players=4, table=["I-03", "I-01", "I-06", "I-09"], explorers=list(explorers), torch=0,
                     totems_in_play=[name] + others)
    while state.phase == "bid":
        state.apply(f"bid {bids[state.current_player]}")
    state.apply("take I-03")
    return state


@pytest.mark.parametrize("amount", [1, 3, 5])
def test_pillage_takes_as_many_as_its_number_says(monkeypatch, amount):
    monkeypatch.setitem(components.TOTEM_AMOUNTS, "pillage", amount)
    explorers = "explorer" if amount == 1 else "explorers"
    assert components.TOTEM_BY_NAME["pillage"].text == f"take up to {amount} {explorers} from the common discard"
    state = _totem_round("pillage")                  # discard: 4 left at the start, + 2 paid by seat 0
    before, discard = state.explorers[0], state.discard
    state.apply("totem pillage")
    got = min(amount, discard)
    assert state.explorers[0] == before + got and state.discard == discard - got
    assert state.events[-1] == ("pillage", 0, got)
    assert f"takes {got} explorers from the discard" in GAME.view(state, 0)["log"][-1]
    _reloaded(state)


@pytest.mark.parametrize("amount", [1, 2])
def test_tribute_takes_its_number_from_each_other_player(monkeypatch, amount):
    monkeypatch.setitem(components.TOTEM_AMOUNTS, "tribute", amount)
    explorers = "explorer" if amount == 1 else "explorers"
    assert components.TOTEM_BY_NAME["tribute"].text == f"every other player gives you {amount} {explorers} from their reserve"
    state = _totem_round("tribute", explorers=(7, 8, 1, 8), bids=(1, 1, 0, 1))
    before = list(state.explorers)
    state.apply("totem tribute")
    given = [min(amount, before[s]) for s in (1, 2, 3)]
    assert state.explorers == [before[0] + sum(given)] + [before[s] - g for s, g in zip((1, 2, 3), given)]
    assert state.events[-1] == ("tribute", 0, sum(given))
    _reloaded(state)


@pytest.mark.parametrize("amount", [2, 4, 6])
def test_vision_shows_as_many_cards_as_its_number_says(monkeypatch, amount):
    monkeypatch.setitem(components.TOTEM_AMOUNTS, "vision", amount)
    assert f"the next {amount} treasure cards" in components.TOTEM_BY_NAME["vision"].text
    state = _totem_round("vision")
    upcoming = state.decks[0][::-1][:amount]
    state.apply("totem vision")
    assert state.peek[0] == upcoming and state.observation(0)["known_pile_top"] == upcoming
    _reloaded(state)


# -- (b) the legal list and the checks agree, on positions of random games -----------------------

def _every_readable_action() -> list:
    """Every action the rules can ever offer, and readable ones they never do (out of every range)."""
    legal_somewhere = [*actions.bids_up_to(max(n * e for n, e in components.EXPLORERS_PER_PLAYER.items())),
                       *actions.TAKES.values(), *(r for _, rocks in actions.ROCKS_IN_ORDER for _, r in rocks),
                       *actions.TOTEM_CHOICES.values(), actions.LEAVE,
                       *(m for *_, targets in actions.MOVES_IN_ORDER for _, _, m in targets)]
    never = [actions.Bid(-1), actions.Bid(99), actions.Take("I-99"), actions.PlaceRock("gold", 1),
             actions.PlaceRock("shield", 4), actions.PlaceRock("snake", 0), actions.ChooseTotem("torch"),
             actions.MoveRock("shield", 9, "skull", 1), actions.MoveRock("skull", 1, "gold", 1)]
    return legal_somewhere + never


EVERY_ACTION = _every_readable_action()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_list_is_exactly_what_the_checks_allow(players):
    """At every position of 12 seeded random games: each legal action passes its check, and each
    other readable action (the legal actions of other positions, fields out of range) gets a reason
    from its check and is refused by ``apply`` with that very reason."""
    rng = random.Random(players)
    positions = refused = 0
    for game in range(12):
        state = GAME.new_state(players=players, seed=1000 * players + game)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert all(refusals.check(state, a) is None and state.is_legal(a) for a in legal)
            allowed = set(legal)
            for action in EVERY_ACTION:
                reason = refusals.check(state, action)
                assert (reason is None) == (action in allowed), (str(action), reason, state.phase)
                if reason is not None:
                    assert reason.strip() and not state.is_legal(action)
            sample = [a for a in rng.sample(EVERY_ACTION, 3) if a not in allowed]
            for action in sample:
                assert _refusal(state, action) == refusals.check(state, action)
                refused += 1
            positions += 1
            state.apply(rng.choice(legal))
        terminal = [refusals.check(state, a) for a in EVERY_ACTION[:5]]
        assert all(r and "the game is over" in r for r in terminal)
    assert positions > 12 * 50 and refused > positions, (positions, refused)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_rock_step_and_a_landslide_offer_what_their_checks_allow(players):
    """Rock and landslide steps are rare in random play: visit many of them on crowded temple boards."""
    rng = random.Random(players)
    rocks = moves = 0
    for game in range(40):
        state = GAME.new_state(players=players, seed=7000 + game)
        while not state.is_terminal:
            if state.phase in ("rock", "landslide"):
                allowed = set(state.legal_actions())
                kinds = (actions.PlaceRock,) if state.phase == "rock" else (actions.MoveRock, actions.LeaveRocks)
                for action in EVERY_ACTION:
                    if isinstance(action, kinds):
                        assert (refusals.check(state, action) is None) == (action in allowed), str(action)
                rocks += state.phase == "rock"
                moves += state.phase == "landslide"
            state.apply(rng.choice(state.legal_actions()))
    assert rocks > 100 and moves > 0, (rocks, moves)
