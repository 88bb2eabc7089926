"""A rules-of-thumb bot for Passport, in the standard library only: it
speaks the agent protocol (docs/agent-protocol.md) on stdin and stdout and
does not search.

    passport tournament --bots 'cmd:python examples/rules_agent.py',greedy --games 10

It values each card for its next travel (its own country, then the
center), for the postcard race and for what a rival could do with it, and
then scores every legal move by what it is likely to bring, from what its
seat knows: its hand, the cards it has seen in other hands, the discard
pile and every seat's country. It travels whenever it can, pays and
discards what it needs least, offers a rival a card that rival wants for
a card it wants itself, and answers an offer by the same values, less
what the exchange gives the offerer. A start for a bot of your own:
examples/random_agent.py is the bare protocol, this one a plan.
"""

import json
import sys

NAME = "rules-of-thumb"
VERSION = 2  # of the protocol (docs/agent-protocol.md, "Versions")

# The rules, R11.2: the items each country requires.
REQUIRED = {
    "Japan": ("Chopsticks", "Phrasebook", "Travel Adapter"),
    "Brazil": ("Swimsuit", "Sunscreen", "Bug Spray"),
    "Egypt": ("Sunglasses", "Sunscreen", "Guidebook"),
    "Iceland": ("Winter Coat", "Hiking Boots", "Camera"),
    "India": ("Vaccination Card", "Phrasebook", "Local Currency"),
    "Mexico": ("Sunglasses", "Swimsuit", "Local Currency"),
    "Australia": ("Sunscreen", "Snorkel", "Travel Adapter"),
    "Kenya": ("Vaccination Card", "Camera", "Tent"),
    "Norway": ("Winter Coat", "Umbrella", "Local Currency"),
    "Peru": ("Hiking Boots", "Tent", "Phrasebook"),
    "Italy": ("Guidebook", "Umbrella", "Camera"),
    "Thailand": ("Snorkel", "Bug Spray", "Chopsticks"),
    "Canada": ("Winter Coat", "Tent", "Umbrella"),
}
ITEMS = tuple(sorted({item for items in REQUIRED.values() for item in items}))
# What a special item in hand is worth (R9.2), and the forbidden items (R9.3).
SPECIALS = {"Mom's Credit Card": 6.0, "Mousetrap": 2.5, "Local Guide": 3.0, "Trading Post": 1.5,
            "Poorly Drawn Map": 1.0, "First-Class Upgrade": 3.0, "Bribe": 1.0,
            "Customs Declaration": 1.0, "Binoculars": 0.5}
FORBIDDEN = ("Fireworks", "Pet Snake", "Mystery Cheese")
# The kinds of cards a hand can hold (events never stay in one).
KINDS = ("Sunscreen", "Swimsuit", "Hiking Boots", "Winter Coat", "Camera", "Guidebook", "Phrasebook",
         "Umbrella", "Bug Spray", "Sunglasses", "Chopsticks", "Travel Adapter", "Snorkel", "Tent",
         "Vaccination Card", "Local Currency", "Passport", "Postcard") + tuple(SPECIALS) + FORBIDDEN
# Action ids (docs/engine.md, "Action ids"): a first id, plus a seat, a card
# or a kind where the action takes one.
DRAW, RECYCLE, TRADE, STEAL, TRAVEL, TRAVEL_CARD = 0, 1, 2, 8, 14, 15
DISPOSE, SMUGGLE, LOCAL_GUIDE, UPGRADE, DECLARE = 18, 21, 24, 32, 33
END_TURN, DONE, YES, NO, SEAT, CARD, KIND = 42, 43, 44, 45, 46, 52, 118  # KIND: a trade's ask

ONLY_PASSPORT = 40.0  # no travel without one, and only one a player is in play (R3.1, R6)
NEEDED = 10.0         # an item the next travel needs
LATER = 5.0           # an item the center will need after the own country
POSTCARD = 9.0        # each postcard held makes the next one worth this much more (R9.4)
SPARE = 0.3


def kind_of(card):
    """'Camera#2' -> 'Camera'; every passport is 'Passport', every postcard 'Postcard'."""
    if card.startswith("Passport"):
        return "Passport"
    if card.startswith("Postcard"):
        return "Postcard"
    return card.split("#")[0]


def kind_in_words(text):
    """The kind of the card an action's words name: 'pay Camera' -> 'Camera'."""
    for verb in ("dispose of it with ", "put back ", "take ", "offer ", "discard ", "pay "):
        if text.startswith(verb):
            return kind_of(text[len(verb):])
    return kind_of(text)


class Player:
    """What one seat is after, and what a card is worth to it: for our own
    seat from its whole hand, for a rival from the cards we have seen there."""

    def __init__(self, state, seat, hand):
        own = state["countries"][seat]
        self.destination = own if own is not None else state["center"]
        self.needs = REQUIRED[self.destination]
        self.later = REQUIRED[state["center"]] if own is not None else ()
        self.hand = hand

    def worth(self, kind, held):
        """One card of `kind` to a hand holding `held` others of it."""
        if kind == "Passport":
            return ONLY_PASSPORT if held == 0 else SPARE
        if kind == "Postcard":
            return POSTCARD * (1 + held)
        if kind in FORBIDDEN:
            return -6.0
        if kind in ("Bribe", "Customs Declaration"):
            return 4.0 if any(f in self.hand for f in FORBIDDEN) else 1.0
        if kind in SPECIALS:
            return SPECIALS[kind]
        value = SPARE
        if kind in self.needs and held == 0:
            value = NEEDED
        # the center's items are kept through the first travel as a second copy
        if kind in self.later and held < (2 if kind in self.needs else 1):
            value = max(value, LATER)
        return value

    def keep(self, kind):
        """What giving up one of our cards of `kind` costs."""
        return self.worth(kind, self.hand.count(kind) - 1)

    def gain(self, kind):
        """What one more card of `kind` brings."""
        return self.worth(kind, self.hand.count(kind))

    def progress(self):
        """How close to winning, roughly: a visited country, items, postcards."""
        items = sum(1 for kind in self.needs if kind in self.hand)
        postcards = self.hand.count("Postcard")
        return (30 if not self.later else 0) + 8 * items + 9 * postcards ** 1.5


class Agent:
    def __init__(self):
        self.seat = None
        self.character = None
        self.extensions = ()
        self.plan = None     # (target, kind asked, kind given) of the offer being composed
        self.offered = {}    # (target, kind asked, kind given) -> the round it was last offered

    def new_game(self, message):
        self.seat = message["seat"]
        self.offered = {}
        self.extensions = tuple(message["extensions"])
        characters = message["setup"]["characters"]
        self.character = characters[self.seat] if characters else None

    def decide(self, message):
        state, phase = message["state"], message["phase"]
        ids = [a["id"] for a in message["actions"]]
        words = {a["id"]: a["text"] for a in message["actions"]}
        me = Player(state, self.seat, [kind_of(c) for c in state["hand"]])
        cards = [i for i in ids if CARD <= i < KIND]
        kind = {i: kind_in_words(words[i]) for i in cards}
        if phase == "main":
            return self.main(state, ids, me)
        if phase in ("recycle-pay", "steal-pay", "dispose-with", "discard", "trading-post-give"):
            return min(cards, key=lambda i: me.keep(kind[i]))
        if phase in ("recycle-take", "local-guide-take"):
            return max(cards, key=lambda i: me.gain(kind[i]))
        if phase == "trading-post-pick":
            # swap only for a card worth more than the least we hold
            least = min((me.keep(k) for k in me.hand if k not in FORBIDDEN), default=0.0)
            best = max(cards, key=lambda i: me.gain(kind[i]), default=None)
            if best is None or me.gain(kind[best]) <= least + 0.5:
                return DONE if DONE in ids else ids[0]
            return best
        if phase == "trade-give":
            if state["offer"]["give"] and DONE in ids:
                return DONE
            give = self.plan[2] if self.plan else None
            chosen = [i for i in cards if kind[i] == give]
            return chosen[0] if chosen else min(cards, key=lambda i: me.keep(kind[i]))
        if phase == "trade-ask":
            if state["offer"]["ask"] and DONE in ids:
                return DONE
            want = self.plan[1] if self.plan else None
            asks = {i: words[i].removeprefix("ask for ") for i in ids if i >= KIND}
            chosen = [i for i, k in asks.items() if k == want]
            return chosen[0] if chosen else max(asks, key=lambda i: me.gain(asks[i]))
        if phase == "trade-reply":
            return YES if YES in ids and self.accepts(state, me) else NO
        if phase == "mousetrap":
            return YES if YES in ids else ids[0]
        if phase == "smuggle-to":
            # a forbidden item to the rival closest to winning
            return max((i for i in ids if SEAT <= i < SEAT + 6), key=lambda i: self.threat(state, i - SEAT))
        return ids[0]

    def rival(self, state, seat):
        return Player(state, seat, [kind_of(c) for c in state["known_cards"][seat] or []])

    def threat(self, state, seat):
        return self.rival(state, seat).progress() + 0.5 * state["hand_sizes"][seat]

    def accepts(self, state, me):
        """Accept when what we get is worth more than what we give, by a
        margin that grows with what the exchange gives the offerer."""
        offer = state["offer"]
        hand = list(me.hand)
        lose = 0.0
        for kind in offer["ask"]:
            lose += Player(state, self.seat, hand).keep(kind)
            hand.remove(kind)
        win = 0.0
        for card in offer["give"]:
            win += Player(state, self.seat, hand).gain(kind_of(card))
            hand.append(kind_of(card))
        offerer = self.rival(state, offer["from"])
        fed = sum(offerer.gain(kind) for kind in offer["ask"])
        if "Postcard" in offer["ask"]:
            fed += 20.0  # a postcard may be its fourth (R9.4)
        return win - lose > 1.0 + 0.3 * fed

    def unseen_worth(self, state, me):
        """What a card we have not seen anywhere is worth to us, on average."""
        seen = [kind_of(c) for c in state["hand"] + state["discard_pile"]]
        for cards in state["known_cards"]:
            seen += [kind_of(c) for c in cards or []]
        copies = {item: 2 for item in ITEMS}
        copies["Passport"] = len(state["hand_sizes"])
        if "postcards" in self.extensions:
            copies["Postcard"] = 6
        if "specials" in self.extensions:
            copies.update({s: 1 for s in SPECIALS})
        if "forbidden" in self.extensions:
            copies.update({f: 1 for f in FORBIDDEN})
        total = count = 0
        for kind, n in copies.items():
            left = n - seen.count(kind)
            if left > 0:
                total += left * me.gain(kind)
                count += left
        return total / count if count else 1.0

    def main(self, state, ids, me):
        if DRAW not in ids:  # after the action of the turn: only free plays are left
            return END_TURN if END_TURN in ids else ids[0]
        travels = [i for i in ids if i == TRAVEL] or [i for i in ids if TRAVEL_CARD <= i < DISPOSE]
        if travels:
            return travels[0]
        payable = sorted((k for k in me.hand if k not in FORBIDDEN), key=me.keep)
        unseen = self.unseen_worth(state, me)
        limit = 9 if self.character == "The Backpacker" else 7
        scores = {DRAW: 1.5 + unseen * (2 if self.character == "The Jetsetter" else 1)
                  + (1.5 if len(me.hand) < 4 else 0.0) - (2.0 if len(me.hand) >= limit else 0.0)}
        cost = 1 if self.character == "The Collector" else 2
        pile = [kind_of(c) for c in state["discard_pile"] if kind_of(c) in KINDS]
        if RECYCLE in ids and len(payable) >= cost:
            paid = payable[:cost]
            rest = list(me.hand)
            for k in paid:
                rest.remove(k)
            after = Player(state, self.seat, rest)
            scores[RECYCLE] = max(after.gain(k) for k in pile + paid) - sum(me.keep(k) for k in paid) - 0.5
        for seat, size in enumerate(state["hand_sizes"]):
            if STEAL + seat not in ids:
                continue
            known = [kind_of(c) for c in state["known_cards"][seat] or []]
            # a rival keeps what it needs: its unseen cards are worth a bit more than the pile's
            expect = (sum(me.gain(k) for k in known) + (size - len(known)) * (unseen + 1.0)) / max(size, 1)
            pay = 0.0 if self.character == "The Pickpocket" else (me.keep(payable[0]) if payable else 99.0)
            scores[STEAL + seat] = expect + 0.04 * self.threat(state, seat) - pay
        for i in ids:
            if DISPOSE <= i < DISPOSE + 3:
                ready = sum(1 for k in me.needs if k in me.hand) >= 2
                scores[i] = 4.0 + (4.0 if ready else 0.0) - (me.keep(payable[0]) if payable else 0.0)
            elif DECLARE <= i < DECLARE + 3:
                scores[i] = 8.0
            elif SMUGGLE <= i < SMUGGLE + 3:
                scores[i] = 9.0
        if LOCAL_GUIDE in ids:
            scores[LOCAL_GUIDE] = 1.6 * unseen
        if UPGRADE in ids:
            scores[UPGRADE] = 6.0
        move = max(scores, key=scores.get)
        # A declined offer costs no action (R5.3), and an accepted one ends
        # the action with a bonus card: offer first whenever the exchange
        # and that card are worth the move we would make otherwise.
        offer = self.best_offer(state, ids, me)
        if offer and offer[0] + scores[DRAW] >= scores[move]:
            self.plan = offer[1:]
            self.offered[self.plan] = state["round"]
            return TRADE + offer[1]
        return move

    def best_offer(self, state, ids, me):
        """(what the exchange gains us, target, kind asked, kind given) of
        the best trade to offer, or None: a kind we want, from a rival likely
        to hold it and not to need it, for a card that rival wants more than
        the card it gives up, and not one that feeds a rival close to winning,
        nor one made in the last three rounds (a rival that said no says it again)."""
        best = None
        for seat in range(len(state["hand_sizes"])):
            if TRADE + seat not in ids:
                continue
            rival = self.rival(state, seat)
            for want in KINDS:  # in a fixed order: the same game, the same moves
                gain = me.gain(want)
                if gain < 4.0 or want in FORBIDDEN:
                    continue
                seen_there = want in rival.hand
                if want == "Passport" and rival.hand.count("Passport") < 2:
                    continue  # a rival gives up only a spare one
                if want in rival.needs and not seen_there:
                    continue
                chance = 1.0 if seen_there else 0.25
                for give in dict.fromkeys(me.hand):
                    if give in FORBIDDEN or give == want:
                        continue
                    if state["round"] - self.offered.get((seat, want, give), -99) < 3:
                        continue
                    if give == "Passport" and me.hand.count("Passport") == 1:
                        continue
                    if give == "Postcard" and rival.hand.count("Postcard") > 0:
                        continue  # never feed a postcard race we can see
                    theirs = rival.gain(give) - (rival.keep(want) if seen_there else SPARE)
                    if theirs <= 1.0 or (rival.gain(give) >= NEEDED and rival.progress() > 40):
                        continue  # it would decline, or we would feed a leader
                    exchange = gain - me.keep(give)
                    if chance * exchange >= 2.0 and (best is None or chance * exchange > best[4]):
                        best = (exchange, seat, want, give, chance * exchange)
        return best[:4] if best else None


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    agent = Agent()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "name": NAME, "version": VERSION})
        elif kind == "new_game":
            agent.new_game(message)
        elif kind == "decide":
            send({"type": "action", "id": agent.decide(message)})
        elif kind == "ping":
            send({"type": "pong"})
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
