"""Python 3.11's reserved words (kwlist) and soft keywords (softkwlist)."""

__all__ = ["iskeyword", "issoftkeyword", "kwlist", "softkwlist"]

# Kept in sorted order (uppercase constants sort first).
kwlist = sorted("""
    False None True and as assert async await break class continue def del
    elif else except finally for from global if import in is lambda nonlocal
    not or pass raise return try while with yield
""".split())

# Identifiers that act as keywords only in some positions (match statements).
softkwlist = ['_', 'case', 'match']

_hard = frozenset(kwlist)
_soft = frozenset(softkwlist)


def iskeyword(s):
    """True when s is a reserved word."""
    return s in _hard


def issoftkeyword(s):
    """True when s is a soft keyword."""
    return s in _soft
