"""The person's decisions in words: what is being decided, the numbered
options, and reading an answer (`passport play`). Plain data, no Rich."""

from __future__ import annotations

from engine import cards as C
from engine import Phase
from engine.actions import decode

from ..table.narrate import card_words, listing, turns
from . import hand as H


def pick(text: str, choices: list[H.Choice]) -> tuple[H.Choice | None, str]:
    """The option `text` names (its number, or the start of its words), or why none."""
    count = len(choices)
    span = f"1 to {count}" if count > 1 else "1"
    if not text:
        return None, (f"Type a number from {span}, or help." if count > 1
                      else "Type 1, or help.")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= count:
            return choices[number - 1], ""
        return None, f"There is no option {number}: choose {span}."
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
        return None, f'"{text}" is not an option or a command: type {"a number from " if count > 1 else ""}{span}, or help.'
    named = ", ".join(f"{c.number}. {c.label}" for c in starts[:4])
    return None, f'"{text}" could be {named}{" …" if len(starts) > 4 else ""}: type more, or the number.'


def decision_menu(game, me: int, names: list[str], step_actions: list[int], recorder) -> H.Menu:
    """What the person is deciding, in words, with the options."""
    phase = game.phase
    options = H.choices(game, me, names)
    title, context = _title(game, me, names, phase, step_actions, recorder)
    return H.Menu(title, context, options)


def _title(game, me, names, phase, step_actions, recorder) -> tuple[str, list[str]]:
    """The header of a decision and a few lines of context (the offer so far, the
    cards looked at). `step_actions` are the person's decisions in this step."""
    first = decode(step_actions[0]) if step_actions else None
    chosen_cards = [decode(a).arg for a in step_actions if decode(a).name == "card"]

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
        paid = chosen_cards
        return (f"Recycle — choose a card to pay ({cost - len(paid)} more)",
                [f"Paid so far: {words(paid)}."] if paid else [])
    if phase == Phase.RECYCLE_TAKE:
        return "Recycle — choose a card to take from the discard pile", \
            [f"You paid {words(chosen_cards)}."]
    if phase in (Phase.TRADE_GIVE, Phase.TRADE_ASK):
        target, given, asked = game.pending_offer()
        context = [f"You offer {words(given) if given else '(nothing yet)'}; you ask for "
                   f"{listing([C.KIND_NAMES[k] for k in asked]) if asked else '(nothing yet)'}."]
        known = [c for c in game.hand(target) if game.knows(me, c)]
        if known:
            context.append(f"You know {names[target]} holds {words(known)}.")
        if phase == Phase.TRADE_GIVE:
            return f"Trade with {names[target]} — choose a card to offer (1–3), or done", context
        return f"Trade with {names[target]} — choose a kind to ask for (1–3), or done", context
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
        return f"Hand limit — choose a card to discard ({over} more)", \
            ["Forbidden items can't be discarded this way."] if any(
                C.card_kind(c) >= C.FIRST_FORBIDDEN_KIND for c in game.hand(me)) else []
    return f"Choose ({phase.label})", []
