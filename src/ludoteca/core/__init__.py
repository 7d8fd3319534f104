"""The engine core: State API, registry, editions, matches."""
