"""`passport bench`: speed measurements (engine, ismcts) and their output."""
