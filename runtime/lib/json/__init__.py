"""JSON (RFC 8259) encoding and decoding: dumps/dump turn Python data into
JSON text, loads/load parse it back."""

from .decoder import JSONDecoder, JSONDecodeError
from .encoder import JSONEncoder

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder',
           'JSONDecodeError', 'JSONEncoder']

__version__ = '2.0.9'

# Shared, never-mutated instances used when no option is given.
_plain_encoder = JSONEncoder()
_plain_decoder = JSONDecoder()


def _encoder_for(cls, skipkeys, ensure_ascii, check_circular, allow_nan,
                 indent, separators, default, sort_keys, kw):
    plain = (not skipkeys and ensure_ascii and check_circular and allow_nan
             and cls is None and indent is None and separators is None
             and default is None and not sort_keys and not kw)
    if plain:
        return _plain_encoder
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan,
               indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    """Serialize obj to a JSON str.

    indent: None for one line, else an int (spaces) or str per level.
    separators: (item_separator, key_separator).  default(o) handles
    objects JSON has no form for.  sort_keys orders object members.
    skipkeys drops keys that are not str/int/float/bool/None instead of
    raising TypeError.  allow_nan=False rejects NaN and infinities.
    """
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular,
                           allow_nan, indent, separators, default,
                           sort_keys, kw)
    return encoder.encode(obj)


def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True,
         allow_nan=True, cls=None, indent=None, separators=None,
         default=None, sort_keys=False, **kw):
    """Serialize obj as JSON into the file-like fp (anything with
    .write(str)); options as for dumps()."""
    encoder = _encoder_for(cls, skipkeys, ensure_ascii, check_circular,
                           allow_nan, indent, separators, default,
                           sort_keys, kw)
    for piece in encoder.iterencode(obj):
        fp.write(piece)


def detect_encoding(b):
    """Guess the Unicode encoding of JSON bytes (UTF-8, -16 or -32) from a
    byte-order mark or from the pattern of zero bytes at the start."""
    head = bytes(b[:4])
    if head.startswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'
    if head.startswith(b'\xff\xfe\x00\x00') or head.startswith(b'\x00\x00\xfe\xff'):
        return 'utf-32'
    if head.startswith(b'\xff\xfe') or head.startswith(b'\xfe\xff'):
        return 'utf-16'
    if len(head) >= 4:
        zeros = tuple(byte == 0 for byte in head)
        if zeros == (True, True, True, False):
            return 'utf-32-be'
        if zeros == (False, True, True, True):
            return 'utf-32-le'
        if zeros[0] and not zeros[1]:
            return 'utf-16-be'
        if not zeros[0] and zeros[1]:
            return 'utf-16-le'
    elif len(head) >= 2:
        if head[0] == 0:
            return 'utf-16-be'
        if head[1] == 0:
            return 'utf-16-le'
    return 'utf-8'


def loads(s, *, cls=None, object_hook=None, parse_float=None,
          parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Parse JSON text (str, bytes or bytearray) into Python objects.
    Hooks as for JSONDecoder; cls picks a JSONDecoder subclass."""
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError(
                'Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)
    elif isinstance(s, (bytes, bytearray)):
        encoding = detect_encoding(s)
        if encoding == 'utf-8-sig':
            s, encoding = s[3:], 'utf-8'
        s = s.decode(encoding, 'surrogatepass')
    else:
        raise TypeError('the JSON object must be str, bytes or bytearray, '
                        'not %s' % s.__class__.__name__)
    options = dict(kw)
    for name, value in (('object_hook', object_hook),
                        ('object_pairs_hook', object_pairs_hook),
                        ('parse_float', parse_float),
                        ('parse_int', parse_int),
                        ('parse_constant', parse_constant)):
        if value is not None:
            options[name] = value
    if cls is None:
        if not options:
            return _plain_decoder.decode(s)
        cls = JSONDecoder
    return cls(**options).decode(s)


def load(fp, *, cls=None, object_hook=None, parse_float=None,
         parse_int=None, parse_constant=None, object_pairs_hook=None, **kw):
    """Parse the JSON document read from the file-like fp (fp.read())."""
    return loads(fp.read(), cls=cls, object_hook=object_hook,
                 parse_float=parse_float, parse_int=parse_int,
                 parse_constant=parse_constant,
                 object_pairs_hook=object_pairs_hook, **kw)
