"""Mass Mutation (MM, set 4): one module per house."""
