"""Call of the Archons (CotA, set 1): one module per house."""
