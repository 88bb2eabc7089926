"""The person's decisions in words: what is being decided, the numbered
options, and reading an answer (`passport play`). Plain data, no Rich."""

from __future__ import annotations

from engine import cards as C
from engine import Phase
from engine.actions import decode, encode

from ..table.narrate import card_words, listing, turns
from . import hand as H


# The most of a person's answer an error message repeats.
ECHOED = 40


def _echoed(text: str) -> str:
    return text if len(text) <= ECHOED else text[:ECHOED - 1] + "…"


def pick(text: str, choices: list[H.Choice]) -> tuple[H.Choice | None, str]:
    """The option `text` names (its number, or the start of its words), or
    why none (repeating at most ECHOED characters of it)."""
    count = len(choices)
    span = f"1 to {count}" if count > 1 else "1"
    if not text:
        return None, (f"Type a number from {span}, or help." if count > 1
                      else "Type 1, or help.")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= count:
            return choices[number - 1], ""
        shown = number if len(text) <= ECHOED else _echoed(text)
        return None, f"There is no option {shown}: choose {span}."
    query = " ".join(text.lower().split())
    answers = {"y": "yes", "yes": "yes", "n": "no", "no": "no"}
    if query in answers:  # an answer to a question (an offer, a Mousetrap)
        for choice in choices:
            if decode(choice.action).name == answers[query]:
                return choice, ""
    labels = {c.label.lower(): c for c in reversed(choices)}  # the first of equal labels wins
    if query in labels:
        return labels[query], ""
    starts = [c for c in choices if c.label.lower().startswith(query)]
    if not starts:  # the start of a later word: "camera" for "offer Camera"
        starts = [c for c in choices
                  if any(" ".join(c.label.lower().split()[i:]).startswith(query)
                         for i in range(1, len(c.label.split())))]
    distinct = {c.label.lower() for c in starts}
    if len(distinct) == 1:
        return starts[0], ""
    if not starts:
        return None, f'"{_echoed(text)}" is not an option or a command: type {"a number from " if count > 1 else ""}{span}, or help.'
    named = ", ".join(f"{c.number}. {c.label}" for c in starts[:4])
    return None, f'"{_echoed(text)}" could be {named}{" …" if len(starts) > 4 else ""}: type more, or the number.'


# Decisions where the person chooses a set, one member at a time and in any
# order: the engine takes a set's members in increasing order (an encoding,
# engine/_legal.py), so the session gathers the whole set first (`set_menu`)
# and then plays it in that order.
SET_PHASES = (Phase.RECYCLE_PAY, Phase.DISCARD, Phase.TRADE_GIVE, Phase.TRADE_ASK)
# R5.3: an offer gives 1 to 3 cards and asks for 1 to 3 kinds.
MOST_IN_OFFER = 3


def set_size(game, me: int) -> int | None:
    """How many members the set being chosen has: a payment's or a discard's
    exact count, or None for an offer's part (1 to 3, then done)."""
    if game.phase == Phase.RECYCLE_PAY:
        return game.recycle_cost(me)
    if game.phase == Phase.DISCARD:
        return game.hand_size(me) - game.hand_limit(me)
    return None


def set_candidates(game, me: int) -> list[int]:
    """Every action that may be a member of the set, in a fixed order (the
    options keep their numbers while the set is chosen): the cards a payment
    or a discard may use (R9.3: never a forbidden item), every card of the
    hand for an offer, every kind the game's cards allow to ask for."""
    phase = game.phase
    if phase in (Phase.RECYCLE_PAY, Phase.DISCARD):
        cards = sorted(game.payable_cards(me))
    elif phase == Phase.TRADE_GIVE:
        cards = sorted(game.hand(me))
    else:
        return [a for a in game.legal_actions() if decode(a).name == "kind"]
    return [encode("card", c) for c in cards]


def set_menu(game, me: int, names: list[str], candidates: list[int], picks: list[int],
             step_actions: list[int], recorder) -> H.Menu:
    """The options of a set being chosen: every candidate at a fixed number
    (the chosen ones marked), then done once an offer's part has a member."""
    phase = game.phase
    title, context = _title(game, me, names, phase, step_actions, recorder, picks)
    choices = []
    picked_cards = [decode(a).arg for a in picks if decode(a).name == "card"]
    for number, action in enumerate(candidates, 1):
        note = H.choice_note(game, me, action, picked_cards)
        times = picks.count(action)
        if times:
            mark = "chosen" if decode(action).name == "card" else \
                "asked for" + (f" {times} times" if times > 1 else "")
            note = f"{mark}; {note}" if note else mark
        choices.append(H.Choice(number, action, game.action_text(action, names), note))
    if set_size(game, me) is None and picks:
        choices.append(H.Choice(len(candidates) + 1, encode("done"), "done",
                                "make the offer" if phase == Phase.TRADE_ASK
                                else "go on to what you ask for"))
    return H.Menu(title, context, choices)


def _count(n: int, what: str) -> str:
    return f"a {what}" if n == 1 else f"{n} {what}s"


def decision_menu(game, me: int, names: list[str], step_actions: list[int], recorder) -> H.Menu:
    """What the person is deciding, in words, with the options."""
    phase = game.phase
    options = H.choices(game, me, names)
    if phase == Phase.RECYCLE_TAKE:
        options = _copies_grouped(options)
    title, context = _title(game, me, names, phase, step_actions, recorder)
    return H.Menu(title, context, options)


def _copies_grouped(options: list[H.Choice]) -> list[H.Choice]:
    """The cards of the discard pile to take, a line a card of the same words
    (two copies of an item are the same to take) with their count, what the
    person needs first, then by name."""
    first: dict[str, H.Choice] = {}
    counts: dict[str, int] = {}
    for choice in options:
        first.setdefault(choice.label, choice)
        counts[choice.label] = counts.get(choice.label, 0) + 1
    ordered = sorted(first.values(), key=lambda c: ("needed" not in c.note, c.label))
    return [H.Choice(number, c.action, c.label + (f" ×{counts[c.label]}"
                                                 if counts[c.label] > 1 else ""), c.note)
            for number, c in enumerate(ordered, 1)]


def _title(game, me, names, phase, step_actions, recorder, picks=()) -> tuple[str, list[str]]:
    """The header of a decision and a few lines of context (the offer so far, the
    cards looked at). `step_actions` are the person's decisions in this step,
    `picks` the members of the set being chosen (`set_menu`)."""
    first = decode(step_actions[0]) if step_actions else None
    chosen_cards = [decode(a).arg for a in step_actions if decode(a).name == "card"]
    picked = [decode(a).arg for a in picks]

    def words(cards):
        return listing([card_words(c) for c in cards])

    if phase == Phase.MAIN:
        context = []
        if game.declined_offers:
            context.append(f"Declined offers this turn: {game.declined_offers} of 3.")
        numbers = turns(recorder.steps)
        this_turn = [s for s, n in zip(recorder.steps, numbers) if n == max(numbers, default=0)]
        upgraded = any(s.type == "upgrade" and s.seat == me for s in this_turn)
        if any(decode(a).name == "end-turn" for a in game.legal_actions()):
            return "Your action is done — play a free card, or end the turn", context
        extra = " (First-Class Upgrade: two actions this turn)" if upgraded else ""
        return f"Your turn (round {game.round}) — choose your action{extra}", context
    if phase == Phase.RECYCLE_PAY:
        cost = game.recycle_cost(me)
        return (f"Recycle — choose {_count(cost, 'card')} to pay ({cost - len(picked)} more)",
                [f"Chosen so far: {words(picked)}."] if picked else [])
    if phase == Phase.RECYCLE_TAKE:
        return "Recycle — choose a card to take from the discard pile", \
            [f"You paid {words(chosen_cards)}."]
    if phase in (Phase.TRADE_GIVE, Phase.TRADE_ASK):
        target, given, asked = game.pending_offer()
        if phase == Phase.TRADE_GIVE:
            given = given + picked
        else:
            asked = asked + picked
        context = [f"You offer {words(given) if given else '(nothing yet)'}; you ask for "
                   f"{listing([C.KIND_NAMES[k] for k in asked]) if asked else '(nothing yet)'}."]
        known = [c for c in game.hand(target) if game.knows(me, c)]
        if known:
            context.append(f"You know {names[target]} holds {words(known)}.")
        if phase == Phase.TRADE_GIVE:
            return f"Trade with {names[target]} — choose 1 to 3 cards to offer, then done", context
        return f"Trade with {names[target]} — choose 1 to 3 kinds to ask for, then done", context
    if phase == Phase.TRADE_REPLY:
        target, given, asked = game.pending_offer()
        offerer = names[game.active]
        hand = game.hand(me)
        needed = H.needed_kinds(game, me)
        gets = [card_words(c) + (" (you need it)" if C.card_kind(c) in needed
                                               and C.card_kind(c) not in {C.card_kind(h) for h in hand}
                                               else "") for c in given]
        pays = [C.KIND_NAMES[k] + (" (needed!)" if k in needed else "") for k in asked]
        return (f"{offerer} offers you a trade — accept or decline",
                [f"You would get: {listing(gets)}.", f"You would give: {listing(pays)}."])
    if phase == Phase.STEAL_PAY:
        victim = names[first.arg] if first and first.name == "steal" else "them"
        return f"Steal from {victim} — choose a card to pay", []
    if phase == Phase.MOUSETRAP:
        return (f"{names[game.active]} is stealing a card from you — play your Mousetrap?",
                ["The Mousetrap stops the steal and ends their turn."])
    if phase == Phase.DISPOSE_WITH:
        forbidden = C.FORBIDDEN[first.arg] if first and first.name == "dispose" else "it"
        return f"Dispose of {forbidden} — choose a card to discard with it", []
    if phase == Phase.SMUGGLE_TO:
        forbidden = C.FORBIDDEN[first.arg] if first and first.name == "smuggle" else "it"
        return f"Smuggle {forbidden} — choose who gets it", []
    if phase == Phase.LOCAL_GUIDE_TAKE:
        return "Local Guide — choose a card to take", \
            [f"Top of the draw pile: {words(game.look())}."]
    if phase == Phase.TRADING_POST_PICK:
        return "Trading Post — choose a card to take from the pile, or done", \
            [f"Top of the draw pile: {words(game.look())}."]
    if phase == Phase.TRADING_POST_GIVE:
        taken = decode(step_actions[-1]).arg if step_actions else None
        what = card_words(taken) if taken is not None else "it"
        return f"Trading Post — choose a card of yours to put back in place of {what}", []
    if phase == Phase.DISCARD:
        over = game.hand_size(me) - game.hand_limit(me)
        context = [f"Chosen so far: {words(picked)}."] if picked else []
        if any(C.card_kind(c) >= C.FIRST_FORBIDDEN_KIND for c in game.hand(me)):
            context.append("Forbidden items can't be discarded this way.")
        return f"Hand limit — choose {_count(over, 'card')} to discard ({over - len(picked)} more)", \
            context
    return f"Choose ({phase.label})", []
