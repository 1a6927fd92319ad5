"""String constants and capwords (Weft's implementation of `string`)."""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace']

whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split s into words (on sep), capitalize each word and join them back
    with sep (a single space when sep is None)."""
    words = s.split(sep)
    joiner = ' ' if sep is None else sep
    return joiner.join([w.capitalize() for w in words])
