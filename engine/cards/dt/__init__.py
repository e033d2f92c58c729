"""Dark Tidings (DT, set 6): one module per house."""
