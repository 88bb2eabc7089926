"""Every card of Passport as plain data (engine/RULES.md R11), with its integer id.

This module is pure Python and imports nothing heavy: the kernels, the
reference model, the record reader and the terminal app all read these tables.

Card ids (the 66 cards that can lie in a hand or a pile):

    0..31   items: id = copy * 16 + kind, kind in R11.1 order, so ids follow
            the playing-card index of R11.8 (first copies, then second copies)
    32..43  passports, R11.3 order
    44..47  events, R11.4 order
    48..56  special items, R11.5 order
    57..59  forbidden items, R11.6 order
    60..65  postcards, R11.7 order

Countries (0..12, R11.2 order) and characters (0..5, R9.5 order) have ids of
their own: they are never in a hand or a pile.

Card *kinds* (what a trade may ask for, R5.3), 0..29:

    0..15   item kinds        16  a passport        17  a postcard
    18..26  special items     27..29 forbidden items
"""

import math

ITEM_KINDS = (
    "Sunscreen", "Swimsuit", "Hiking Boots", "Winter Coat", "Camera", "Guidebook",
    "Phrasebook", "Umbrella", "Bug Spray", "Sunglasses", "Chopsticks",
    "Travel Adapter", "Snorkel", "Tent", "Vaccination Card", "Local Currency",
)
PASSPORTS = (
    "Argentina", "Canada", "Chile", "France", "Germany", "Ghana", "Japan", "Korea",
    "Morocco", "New Zealand", "Spain", "Vietnam",
)
EVENTS = ("Civil Unrest", "Lost Luggage", "Airline Strike", "Customs Check")
SPECIALS = (
    "Mom's Credit Card", "Mousetrap", "Local Guide", "Trading Post",
    "Poorly Drawn Map", "First-Class Upgrade", "Bribe", "Customs Declaration",
    "Binoculars",
)
FORBIDDEN = ("Fireworks", "Pet Snake", "Mystery Cheese")
POSTCARDS = (
    "the Beach", "the Mountains", "the Desert", "the Jungle", "the City",
    "the Northern Lights",
)
CHARACTERS = (
    "The Backpacker", "The Smuggler", "The Collector", "The Pickpocket",
    "The Diplomat", "The Jetsetter",
)

# (country, capital, lat, lon, required item kinds) -- R11.2
COUNTRY_TABLE = (
    ("Japan", "Tokyo", 35.68, 139.65, ("Chopsticks", "Phrasebook", "Travel Adapter")),
    ("Brazil", "Brasília", -15.79, -47.88, ("Swimsuit", "Sunscreen", "Bug Spray")),
    ("Egypt", "Cairo", 30.04, 31.24, ("Sunglasses", "Sunscreen", "Guidebook")),
    ("Iceland", "Reykjavík", 64.15, -21.94, ("Winter Coat", "Hiking Boots", "Camera")),
    ("India", "New Delhi", 28.61, 77.21, ("Vaccination Card", "Phrasebook", "Local Currency")),
    ("Mexico", "Mexico City", 19.43, -99.13, ("Sunglasses", "Swimsuit", "Local Currency")),
    ("Australia", "Canberra", -35.28, 149.13, ("Sunscreen", "Snorkel", "Travel Adapter")),
    ("Kenya", "Nairobi", -1.29, 36.82, ("Vaccination Card", "Camera", "Tent")),
    ("Norway", "Oslo", 59.91, 10.75, ("Winter Coat", "Umbrella", "Local Currency")),
    ("Peru", "Lima", -12.05, -77.04, ("Hiking Boots", "Tent", "Phrasebook")),
    ("Italy", "Rome", 41.90, 12.50, ("Guidebook", "Umbrella", "Camera")),
    ("Thailand", "Bangkok", 13.76, 100.50, ("Snorkel", "Bug Spray", "Chopsticks")),
    ("Canada", "Ottawa", 45.42, -75.70, ("Winter Coat", "Tent", "Umbrella")),
)
COUNTRIES = tuple(row[0] for row in COUNTRY_TABLE)

NUM_ITEM_KINDS = 16
NUM_ITEMS = 32
FIRST_PASSPORT = 32
FIRST_EVENT = 44
FIRST_SPECIAL = 48
FIRST_FORBIDDEN = 57
FIRST_POSTCARD = 60
NUM_CARDS = 66
NUM_COUNTRIES = 13
NUM_CHARACTERS = 6
NUM_KINDS = 30

KIND_PASSPORT = 16
KIND_POSTCARD = 17
FIRST_SPECIAL_KIND = 18
FIRST_FORBIDDEN_KIND = 27

# Kinds of the special items (what a trade may ask for), R11.5 order.
(KIND_CREDIT_CARD, KIND_MOUSETRAP, KIND_LOCAL_GUIDE, KIND_TRADING_POST, KIND_POORLY_DRAWN_MAP,
 KIND_UPGRADE, KIND_BRIBE, KIND_DECLARATION, KIND_BINOCULARS) = range(FIRST_SPECIAL_KIND,
                                                                     FIRST_SPECIAL_KIND + 9)
# Special item card ids (R11.5 order).
CREDIT_CARD, MOUSETRAP, LOCAL_GUIDE, TRADING_POST, POORLY_DRAWN_MAP, \
    UPGRADE, BRIBE, DECLARATION, BINOCULARS = range(FIRST_SPECIAL, FIRST_SPECIAL + 9)
# Event card ids (R11.4 order).
CIVIL_UNREST, LOST_LUGGAGE, AIRLINE_STRIKE, CUSTOMS_CHECK = range(FIRST_EVENT, FIRST_EVENT + 4)
# Character ids (R9.5 order).
BACKPACKER, SMUGGLER, COLLECTOR, PICKPOCKET, DIPLOMAT, JETSETTER = range(6)

# The five extensions, as bit flags and as record names (docs/record-format.md).
EXTENSIONS = ("events", "specials", "forbidden", "postcards", "characters")
EXT_EVENTS, EXT_SPECIALS, EXT_FORBIDDEN, EXT_POSTCARDS, EXT_CHARACTERS = (1, 2, 4, 8, 16)
ALL_EXTENSIONS = 31

SUITS = "♠♥♣♦"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_kind(card: int) -> int:
    """The kind of a card (0..29), or -1 for an event (events have no kind)."""
    if card < NUM_ITEMS:
        return card % NUM_ITEM_KINDS
    if card < FIRST_EVENT:
        return KIND_PASSPORT
    if card < FIRST_SPECIAL:
        return -1
    if card < FIRST_FORBIDDEN:
        return FIRST_SPECIAL_KIND + card - FIRST_SPECIAL
    if card < FIRST_POSTCARD:
        return FIRST_FORBIDDEN_KIND + card - FIRST_FORBIDDEN
    return KIND_POSTCARD


def card_name(card: int) -> str:
    """The record id of a card (docs/record-format.md): `Camera#2`, `Passport (Ghana)`, ..."""
    if card < NUM_ITEMS:
        return f"{ITEM_KINDS[card % 16]}#{card // 16 + 1}"
    if card < FIRST_EVENT:
        return f"Passport ({PASSPORTS[card - FIRST_PASSPORT]})"
    if card < FIRST_SPECIAL:
        return EVENTS[card - FIRST_EVENT]
    if card < FIRST_FORBIDDEN:
        return SPECIALS[card - FIRST_SPECIAL]
    if card < FIRST_POSTCARD:
        return FORBIDDEN[card - FIRST_FORBIDDEN]
    return f"Postcard ({POSTCARDS[card - FIRST_POSTCARD]})"


def card_words(card: int) -> str:
    """A card as a person names it: its kind for an item (`Camera`, either
    copy), else its record id (`Passport (Ghana)`, `Bribe`)."""
    return ITEM_KINDS[card % NUM_ITEM_KINDS] if card < NUM_ITEMS else card_name(card)


def kind_name(kind: int) -> str:
    """The record name of a card kind (docs/record-format.md): `Camera`, `Passport`, `Bribe`."""
    if kind < NUM_ITEM_KINDS:
        return ITEM_KINDS[kind]
    if kind == KIND_PASSPORT:
        return "Passport"
    if kind == KIND_POSTCARD:
        return "Postcard"
    if kind < FIRST_FORBIDDEN_KIND:
        return SPECIALS[kind - FIRST_SPECIAL_KIND]
    return FORBIDDEN[kind - FIRST_FORBIDDEN_KIND]


def playing_card_index(card: int) -> str:
    """The French-suited index printed on a white card (R11.8), '' for passports."""
    if FIRST_PASSPORT <= card < FIRST_EVENT:
        return ""
    white = card if card < NUM_ITEMS else card - 12  # passports carry no index
    if white >= 52:
        return "Joker"
    return SUITS[white // 13] + RANKS[white % 13]


def extension_of(card: int) -> int:
    """The extension flag a card belongs to, 0 for base-game cards."""
    if card < FIRST_EVENT:
        return 0
    if card < FIRST_SPECIAL:
        return EXT_EVENTS
    if card < FIRST_FORBIDDEN:
        return EXT_SPECIALS
    if card < FIRST_POSTCARD:
        return EXT_FORBIDDEN
    return EXT_POSTCARDS


CARD_NAMES = tuple(card_name(c) for c in range(NUM_CARDS))
CARD_WORDS = tuple(card_words(c) for c in range(NUM_CARDS))
KIND_NAMES = tuple(kind_name(k) for k in range(NUM_KINDS))
CARD_KINDS = tuple(card_kind(c) for c in range(NUM_CARDS))
REQUIRED_KINDS = tuple(
    tuple(ITEM_KINDS.index(name) for name in row[4]) for row in COUNTRY_TABLE
)


def great_circle_km(a: int, b: int) -> float:
    """Great-circle distance between the capitals of countries a and b (R3.5)."""
    _, _, lat1, lon1, _ = COUNTRY_TABLE[a]
    _, _, lat2, lon2, _ = COUNTRY_TABLE[b]
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


# Rank of every (own, center) pair by distance: the start player is the seat
# whose own country has the smallest rank against the center (R3.5). Integer
# ranks keep the kernels and the reference model free of float comparisons.
DISTANCE_RANK = tuple(
    tuple(sorted(range(NUM_COUNTRIES), key=lambda o, c=c: great_circle_km(o, c)).index(o)
          for c in range(NUM_COUNTRIES))
    for o in range(NUM_COUNTRIES)
)  # DISTANCE_RANK[own][center]
