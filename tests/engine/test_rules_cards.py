"""R11 (the cards) and R2 (components): the card tables the engine plays with."""

from collections import Counter

from engine import cards as C


def test_r11_1_sixteen_item_kinds_two_copies_each():
    assert len(C.ITEM_KINDS) == 16
    counts = Counter(C.CARD_KINDS[c] for c in range(C.NUM_ITEMS))
    assert counts == {k: 2 for k in range(16)}
    assert C.CARD_NAMES[0] == "Sunscreen#1" and C.CARD_NAMES[31] == "Local Currency#2"


def test_r11_2_required_items_spot_checks():
    def req(name):
        return {C.ITEM_KINDS[k] for k in C.REQUIRED_KINDS[C.COUNTRIES.index(name)]}
    assert req("Japan") == {"Chopsticks", "Phrasebook", "Travel Adapter"}
    assert req("Iceland") == {"Winter Coat", "Hiking Boots", "Camera"}
    assert req("Peru") == {"Hiking Boots", "Tent", "Phrasebook"}
    assert req("Canada") == {"Winter Coat", "Tent", "Umbrella"}
    assert req("Egypt") == {"Sunglasses", "Sunscreen", "Guidebook"}


def test_r11_2_each_kind_required_by_two_or_three_countries_no_two_alike():
    counts = Counter(k for triple in C.REQUIRED_KINDS for k in triple)
    assert set(counts) == set(range(16)) and all(v in (2, 3) for v in counts.values())
    triples = [frozenset(t) for t in C.REQUIRED_KINDS]
    assert all(len(t) == 3 for t in triples) and len(set(triples)) == 13


def test_r2_r11_counts():
    assert len(C.COUNTRIES) == 13 and len(C.PASSPORTS) == 12
    assert len(C.EVENTS) == 4 and len(C.SPECIALS) == 9
    assert len(C.FORBIDDEN) == 3 and len(C.POSTCARDS) == 6 and len(C.CHARACTERS) == 6
    assert C.FIRST_PASSPORT == 32 and C.NUM_CARDS == 66


def test_r11_8_playing_card_index():
    idx = C.playing_card_index
    assert [idx(c) for c in (0, 12, 13, 25, 26, 31)] == ["♠A", "♠K", "♥A", "♥K", "♣A", "♣6"]
    assert [idx(c) for c in range(C.FIRST_EVENT, C.FIRST_SPECIAL)] == ["♣7", "♣8", "♣9", "♣10"]
    assert [idx(c) for c in range(C.FIRST_SPECIAL, C.FIRST_FORBIDDEN)] == \
        ["♣J", "♣Q", "♣K", "♦A", "♦2", "♦3", "♦4", "♦5", "♦6"]
    assert [idx(c) for c in range(C.FIRST_FORBIDDEN, C.FIRST_POSTCARD)] == ["♦7", "♦8", "♦9"]
    assert [idx(c) for c in range(C.FIRST_POSTCARD, C.NUM_CARDS)] == \
        ["♦10", "♦J", "♦Q", "♦K", "Joker", "Joker"]
    assert idx(C.FIRST_PASSPORT) == ""
    white = [idx(c) for c in range(C.NUM_CARDS) if idx(c) and idx(c) != "Joker"]
    assert len(white) == 52 and len(set(white)) == 52      # a full 52-card deck + 2 jokers
