"""Weft's `string` module: the character-class constants and capwords()."""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace']

# The values are CPython's; they are built here from a few literals.
digits = '0123456789'
octdigits = digits[:8]
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = ascii_lowercase.upper()
ascii_letters = ascii_lowercase + ascii_uppercase
hexdigits = digits + ascii_lowercase[:6] + ascii_uppercase[:6]
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
whitespace = ' \t\n\r\x0b\x0c'
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Capitalize every word of s.  Words are what s.split(sep) yields; they
    are joined again with sep, or with one space when sep is None."""
    pieces = [word.capitalize() for word in s.split(sep)]
    return (' ' if sep is None else sep).join(pieces)
