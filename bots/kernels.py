"""The bots' kernels that code outside bots/ may call: what the arena's fits
measure (arena/fitting.py).

The fitted evaluation's features (and the hand-set `progress` score it is
compared with), the hand beliefs and the search's travel inference, as the
search uses them. They run in bots' private modules; this is their public
face, so that nothing outside bots/ imports a `_` module.
"""

from ._beliefs import (
    COLUMN_NAMES, ROUND_BUCKETS, WEIGHT_COLUMNS, belief_scratch, belief_table, belief_weights,
    pair_columns, reweigh_hands, round_bucket,
)
from ._evaluation import FEATURE_NAMES, FIRST_CHARACTER_FEATURE, NUM_FEATURES, features
from ._heuristic import TEMPERATURE, progress
from ._ismcts import INFERENCE_TRIES, breaks_travel_inference, certain_travellers

__all__ = [
    "COLUMN_NAMES", "FEATURE_NAMES", "FIRST_CHARACTER_FEATURE", "INFERENCE_TRIES", "NUM_FEATURES",
    "ROUND_BUCKETS", "TEMPERATURE", "WEIGHT_COLUMNS", "belief_scratch", "belief_table",
    "belief_weights", "breaks_travel_inference", "certain_travellers", "features", "pair_columns",
    "progress", "reweigh_hands", "round_bucket",
]
