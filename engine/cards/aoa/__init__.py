"""Age of Ascension (AoA, set 2): one module per house."""
