"""Words every game's board and log share: seat names, verbs that agree with "You", articles,
and the sentence that names the winner with the tie-break used.

Games import this instead of writing their own (``duplicates`` finds copies).

>>> names = SeatNames(["You", "Bot 1 (greedy)"], you={0})
>>> who(names, 0, "passes"), who(names, 1, "passes")
('You pass', 'Bot 1 (greedy) passes')
>>> article("oasis camp"), article("desert temple")
('an oasis camp', 'a desert temple')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = ["NUMBER_WORDS", "SeatNames", "address", "article", "final_table", "in_words", "name", "plural", "tally", "verb", "verdict",
           "who"]

# Third person singular -> the form "you" takes, where dropping the final "s" is not enough.
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go"}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes")
# Words starting with a vowel letter but a consonant sound, and the reverse.
_A_BEFORE = ("one", "once", "uni", "use", "usu", "eu")
_AN_BEFORE = ("hour", "honest", "honour")


class SeatNames(list[str]):
    """A list of seat names that also knows which seats are addressed as "you".

    A board builds it from the match's names: the learner's seat, shown as "You", takes the
    verb form of "you" ("You take"), every other seat the third person ("Bot 1 takes").
    """

    def __init__(self, names: Iterable[str], you: Iterable[int] = ()):
        super().__init__(names)
        self.you = frozenset(you)

    @classmethod
    def addressing(cls, names: Sequence[str]) -> SeatNames:
        """Names where each seat named with the pronoun "You" is spoken to in the second person."""
        return cls(names, you=[s for s, n in enumerate(names) if n.strip().lower() == "you"])


def name(names: Sequence[str] | None, seat: int | None) -> str:
    """The name of ``seat`` (``"Seat 2"`` without names)."""
    if names and seat is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat}"


#: "seat 2", "seat 2's", "seat 2 holds": how the rules' refusals name a seat (``address`` rewrites them on a board).
_SEAT_IN_TEXT = re.compile(r"\b([Ss])eat (\d+)(?:('s)\b|( [a-z]+)\b)?")
#: Verbs the refusals put after a seat, whose "you" form ``address`` may write ("must" and "may" stay).
_AFTER_SEAT = frozenset(("is", "has", "holds", "places", "chooses", "spends"))


def address(text: str, names: Sequence[str] | None) -> str:
    """A refusal written about seats ("it is seat 0's bid", "seat 1 must choose") in the board's names: "you"
    for the learner's seat ("it is your bid", "you must choose"), the others' names ("Joan must choose").

    >>> names = SeatNames(["You", "Joan"], you={0})
    >>> address("it is seat 0's bid", names), address("seat 0 is spending AP", names)
    ('it is your bid', 'you are spending AP')
    >>> address("Seat 1 holds 2 masks; seat 7 too", names)
    'Joan holds 2 masks; seat 7 too'
    """
    if not names:
        return text

    def named(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        if not 0 <= seat < len(names):
            return m.group(0)
        you = seat in getattr(names, "you", ())
        if m.group(3):
            word = "your" if you else f"{names[seat]}'s"
        else:
            word = "you" if you else names[seat]
            if m.group(4):
                after = m.group(4)[1:]
                word += " " + (_second_person(after) if you and after in _AFTER_SEAT else after)
        return word[0].upper() + word[1:] if m.group(1) == "S" else word

    return _SEAT_IN_TEXT.sub(named, text)


def _second_person(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def verb(names: Sequence[str] | None, seat: int | None, word: str) -> str:
    """``word`` (a verb in the third person singular: "takes", "passes", "is") agreeing with
    ``seat``'s name: unchanged, or the form "you" takes for a seat in ``names.you``."""
    if seat in getattr(names, "you", ()):
        return _second_person(word)
    return word


def who(names: Sequence[str] | None, seat: int | None, word: str) -> str:
    """Subject and verb: ``"Bot 1 takes"``, but ``"You take"`` for a seat in ``names.you``."""
    return f"{name(names, seat)} {verb(names, seat, word)}"


def article(noun: str) -> str:
    """``noun`` with "a" or "an" before it, by its first sound: "an oasis", "a desert camp"."""
    word = noun.lower()
    vowel = word[:1] in "aeiou"
    if word.startswith(_A_BEFORE):
        vowel = False
    if word.startswith(_AN_BEFORE):
        vowel = True
    return f"{'an' if vowel else 'a'} {noun}"


#: Small counts in words, as the rule books write them ("plus de quatre aventuriers").
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def in_words(n: int) -> str:
    """A count in words up to ten, else in digits: ``"no"``, ``"four"``, ``"12"``."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, word: str, many: str | None = None, *, spelled: bool = False) -> str:
    """``"1 card"``, ``"3 cards"`` (``many`` for irregular plurals); ``spelled``: the count in words,
    ``"two levels"``, ``"no pieces"`` (``in_words``).

    >>> plural(3, "card"), plural(1, "mummy", "mummies"), plural(0, "piece", spelled=True)
    ('3 cards', '1 mummy', 'no pieces')
    """
    return f"{in_words(n) if spelled else n} {word if n == 1 else (many or word + 's')}"


def tally(pairs: Iterable[tuple[str, int]]) -> str:
    """Named counts in words, those at 0 left out: ``"sundial 1, snake 2"`` (empty when every count is 0).

    >>> tally([("sundial", 1), ("skull", 0), ("snake", 2)])
    'sundial 1, snake 2'
    """
    return ", ".join(f"{name} {n}" for name, n in pairs if n)


def verdict(names: Sequence[str] | None, scores: Sequence[int], winners: Sequence[int], *,
            tiebreak: str, tiebreak_values: Callable[[int], str], unit: str = "points") -> str:
    """The end of a game in one sentence: who wins, with what, and the tie-break when one was used.

    ``tiebreak`` names the rule ("most explorers kept"); ``tiebreak_values(seat)`` shows where a
    seat stands on it ("5 explorers").

    >>> verdict(["You", "Bot 1"], [12, 12], [1], tiebreak="most explorers kept",
    ...         tiebreak_values=lambda s: ["3", "5"][s] + " explorers")
    'You and Bot 1 tie on 12 points; the tie-break (most explorers kept: You 3 explorers, Bot 1 5 explorers) gives the win to Bot 1.'
    """
    top = max(scores)
    tied = [s for s in range(len(scores)) if scores[s] == top]
    winners_text = " and ".join(name(names, s) for s in winners)
    if len(tied) == 1:
        others = ", ".join(f"{name(names, s)} {scores[s]}" for s in range(len(scores)) if s != tied[0])
        verb = "win" if tied[0] in getattr(names, "you", ()) else "wins"
        return f"{winners_text} {verb} with {top} {unit}" + (f" ({others})." if others else ".")
    tied_text = " and ".join(name(names, s) for s in tied)
    standing = ", ".join(f"{name(names, s)} {tiebreak_values(s)}" for s in tied)
    if len(winners) == 1:
        return (f"{tied_text} tie on {top} {unit}; the tie-break ({tiebreak}: {standing}) "
                f"gives the win to {winners_text}.")
    return (f"{tied_text} tie on {top} {unit}; the tie-break ({tiebreak}: {standing}) leaves "
            f"{winners_text} level: they share the win.")


def final_table(names: Sequence[str] | None, rows: Sequence[Sequence[object]], *, verdict: str,
                labels: Sequence[str], title: str = "Final count", total: str | None = None) -> dict[str, Any]:
    """The final count as every board draws it: one column per seat, one row per line.

    ``rows[i][s]`` is line ``labels[i]`` for seat ``s``; the line labelled ``total`` is bold.
    Fractions are rounded to two decimals.
    """
    def cell(v: object) -> object:
        return round(v, 2) if isinstance(v, float) and not float(v).is_integer() else (
            int(v) if isinstance(v, float) else v)

    n = len(rows[0]) if rows else 0
    return {
        "title": title, "verdict": verdict, "columns": [name(names, s) for s in range(n)],
        "rows": [{"label": label, "values": [cell(v) for v in row], "total": label == total}
                 for label, row in zip(labels, rows)],
    }
