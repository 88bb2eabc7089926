"""The bots' kernels that code outside bots/ may call: what the arena's fits
measure (arena/fitting.py) and what the learned networks are trained on
(arena/training.py).

The fitted evaluation's features (and the hand-set `progress` score it is
compared with), the hand beliefs and the search's travel inference, as the
search uses them. They run in bots' private modules; this is their public
face, so that nothing outside bots/ imports a `_` module.
"""

from ._beliefs import (
    COLUMN_NAMES, ROUND_BUCKETS, WEIGHT_COLUMNS, belief_scratch, belief_table, belief_weights,
    pair_columns, reweigh_hands, round_bucket,
)
from ._evaluation import (
    EVALUATION_WEIGHTS, FEATURE_NAMES, FIRST_CHARACTER_FEATURE, NUM_FEATURES, evaluate_fitted, features,
)
from ._features import (
    NUM_CLASSES, NUM_FEATURES as NUM_SEAT_FEATURES, POLICY_CLASSES, action_class, feature_scratch,
    seat_features,
)
from ._heuristic import TEMPERATURE, progress
from ._ismcts import INFERENCE_TRIES, breaks_travel_inference, certain_travellers

__all__ = [
    "COLUMN_NAMES", "EVALUATION_WEIGHTS", "FEATURE_NAMES", "FIRST_CHARACTER_FEATURE", "INFERENCE_TRIES", "NUM_CLASSES",
    "NUM_FEATURES", "NUM_SEAT_FEATURES", "POLICY_CLASSES", "action_class", "feature_scratch",
    "seat_features",
    "ROUND_BUCKETS", "TEMPERATURE", "WEIGHT_COLUMNS", "belief_scratch", "belief_table",
    "belief_weights", "breaks_travel_inference", "certain_travellers", "evaluate_fitted", "features", "pair_columns",
    "progress", "reweigh_hands", "round_bucket",
]
