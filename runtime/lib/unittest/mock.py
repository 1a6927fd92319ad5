"""Mock objects for tests: Mock and MagicMock record how they are used
and can be checked afterwards; patch() swaps objects in for the duration
of a test.

    from unittest.mock import Mock, patch, call
    m = Mock(return_value=3)
    m(1, x=2)
    m.assert_called_once_with(1, x=2)
"""

__all__ = ('Mock', 'MagicMock', 'NonCallableMock', 'NonCallableMagicMock',
           'PropertyMock', 'patch', 'sentinel', 'DEFAULT', 'ANY', 'call',
           'FILTER_DIR', 'mock_open', 'seal')

import sys
import pprint
import _thread
import functools
import builtins
from types import ModuleType

__unittest = True

FILTER_DIR = True

# one lock for recording calls: a call updates its mock and every parent
_record_lock = _thread.allocate_lock()


# ---------------------------------------------------------------------------
# sentinels, ANY

class _SentinelObject(object):
    def __init__(self, name):
        self.name = name

    def __repr__(self): return 'sentinel.' + self.name

    # pickling gives back the same sentinel (by name)
    __reduce__ = __repr__


class _Sentinel(object):
    """sentinel.NAME: a unique object per NAME, with a readable repr."""

    def __init__(self):
        self._sentinels = {}

    def __reduce__(self): return 'sentinel'

    def __getattr__(self, name):
        if name == '__bases__':
            raise AttributeError
        known = self._sentinels.get(name)
        if known is None:
            known = self._sentinels.setdefault(name, _SentinelObject(name))
        return known


sentinel = _Sentinel()
DEFAULT, _missing, _deleted = sentinel.DEFAULT, sentinel.MISSING, sentinel.DELETED


class _AnyType(object):
    """Equal to everything: use in expected calls for "any value"."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return '<ANY>'


ANY = _AnyType()


# ---------------------------------------------------------------------------
# call objects

def _format_args(args, kwargs):
    parts = [repr(a) for a in args]
    parts.extend('%s=%r' % item for item in kwargs.items())
    return ', '.join(parts)


def _format_call_signature(name, args, kwargs):
    return '%s(%s)' % (name, _format_args(args, kwargs))


class _Call(tuple):
    """A recorded or expected call: name, positional and keyword
    arguments.  `call` builds them: call(1), call.method(x=2),
    call().attr()."""

    def __new__(cls, value=(), name='', parent=None, two=False, from_kall=True,
                chain=''):
        if len(value) == 3:
            name, args, kwargs = value
        elif len(value) == 2:
            first, second = value
            if isinstance(first, str):
                name = first
                args, kwargs = (second, {}) if isinstance(second, tuple) else ((), second)
            else:
                args, kwargs = first, second
        elif len(value) == 1:
            only, = value
            if isinstance(only, str):
                name, args, kwargs = only, (), {}
            elif isinstance(only, tuple):
                args, kwargs = only, {}
            else:
                args, kwargs = (), only
        else:
            args, kwargs = (), {}
        args, kwargs = tuple(args), dict(kwargs)
        stored = (args, kwargs) if two else (name, args, kwargs)
        self = tuple.__new__(cls, stored)
        # _chain: the name attribute access and calls build on
        self._mock_name, self._mock_parent = name, parent
        self._chain = name if chain == '' else chain
        self._mock_from_kall, self._two = from_kall, two
        self._args, self._kwargs = args, kwargs
        return self

    def __init__(self, *a, **kw):
        pass

    @property
    def args(self):
        return self._args

    @property
    def kwargs(self):
        return self._kwargs

    def _parts(self):
        return ('' if self._two else self._mock_name), self._args, self._kwargs

    def __eq__(self, other):
        try:
            size = len(other)
        except TypeError:
            return NotImplemented
        if isinstance(other, _Call):
            other_name, other_args, other_kwargs = other._parts()
            if (self._mock_parent is not None and other._mock_parent is not None
                    and self._mock_parent != other._mock_parent):
                return False
        elif size == 3:
            other_name, other_args, other_kwargs = other
        elif size == 2:
            a, b = other
            if isinstance(a, str):
                other_name = a
                other_args, other_kwargs = ((b, {}) if isinstance(b, tuple)
                                            else ((), b))
            else:
                other_name, other_args, other_kwargs = '', a, b
        elif size == 1:
            only, = other
            other_name, other_args, other_kwargs = '', (), {}
            if isinstance(only, str):
                other_name = only
            elif isinstance(only, tuple):
                other_args = only
            else:
                other_kwargs = only
        elif size == 0:
            other_name, other_args, other_kwargs = '', (), {}
        else:
            return False
        my_name = self._parts()[0]
        if my_name and other_name and my_name != other_name:
            return False
        # the other side first, so an ANY on either side matches
        return (other_args, other_kwargs) == (self._args, self._kwargs)

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __call__(self, *args, **kwargs):
        chain = self._chain
        if chain is None:
            # call(...): no name; call(...).x is named '().x'
            return _Call(('', args, kwargs), chain='()')
        return _Call((chain, args, kwargs), chain=chain + '()', parent=self)

    def __getattr__(self, attr):
        if attr.startswith('__') and attr.endswith('__'):
            raise AttributeError(attr)
        chain = attr if self._chain is None else '%s.%s' % (self._chain, attr)
        return _Call((chain,), chain=chain, parent=self, from_kall=False)

    def __getattribute__(self, attr):
        if attr in ('count', 'index'):
            raise AttributeError(attr)
        return tuple.__getattribute__(self, attr)

    def __repr__(self):
        label = '' if self._two else self._mock_name
        if not label:
            label = 'call'
        elif label.startswith('()'):
            label = 'call' + label
        else:
            label = 'call.' + label
        if self._mock_from_kall:
            return _format_call_signature(label, self._args, self._kwargs)
        # an attribute of `call` shows as its bare name (call.f -> f)
        name = self._mock_name or 'call'
        return 'call' + name if name.startswith('()') else name

    def call_list(self):
        """This call and the calls leading to it, e.g. for
        call(1).method(2): [call(1), call(1).method(2)]."""
        chain = []
        link = self
        while link is not None:
            if link._mock_from_kall:
                chain.append(link)
            link = link._mock_parent
        return _CallList(reversed(chain))


call = _Call(from_kall=False, chain=None)


class _CallList(list):
    """A list of calls; `in` also finds a contiguous run of calls."""

    def __contains__(self, value):
        if not isinstance(value, list):
            return list.__contains__(self, value)
        n = len(value)
        return any(self[i:i + n] == value for i in range(len(self) - n + 1))

    def __repr__(self):
        return pprint.pformat(list(self))


# ---------------------------------------------------------------------------
# helpers

def _is_exception(obj):
    return (isinstance(obj, BaseException) or
            (isinstance(obj, type) and issubclass(obj, BaseException)))


def _callable(obj):
    if isinstance(obj, (staticmethod, classmethod)):
        return _callable(obj.__func__)
    return callable(obj)


def _is_mock(obj):
    return isinstance(obj, NonCallableMock)


def _as_iterator(value):
    if value is None or _is_exception(value) or _callable(value):
        return value
    try:
        return iter(value)
    except TypeError:
        return value


def _adopt(parent, value, name, new_name):
    """Make an unowned mock assigned to parent a child of it; True if
    adopted."""
    if not _is_mock(value):
        return False
    inner = value.__dict__
    if (inner['_mock_name'] or inner['_mock_new_name'] or
            inner['_mock_parent'] is not None or
            inner['_mock_new_parent'] is not None):
        return False
    # refuse cycles
    link = parent
    while link is not None:
        if link is value:
            return False
        link = link.__dict__['_mock_new_parent']
    if new_name:
        inner['_mock_new_parent'], inner['_mock_new_name'] = parent, new_name
    if name:
        inner['_mock_parent'], inner['_mock_name'] = parent, name
    return True


def _join_path(segments):
    # '()' links attach directly, attribute names with a dot
    text = ''
    for seg in segments:
        text += seg if (seg == '()' or seg.startswith('()') or not text) else '.' + seg
    return text


# ---------------------------------------------------------------------------
# magic methods

_numeric = ('add sub mul matmul truediv floordiv mod lshift rshift and xor '
            'or pow').split()
_MAGIC_NAMES = set(
    ['__%s__' % n for n in _numeric] +
    ['__r%s__' % n for n in _numeric] +
    ['__i%s__' % n for n in _numeric] +
    ('__lt__ __gt__ __le__ __ge__ __eq__ __ne__ __hash__ __str__ __sizeof__ '
     '__len__ __iter__ __contains__ __getitem__ __setitem__ __delitem__ '
     '__enter__ __exit__ __int__ __float__ __complex__ __bool__ __index__ '
     '__neg__ __pos__ __abs__ __invert__ __round__ __trunc__ __floor__ '
     '__ceil__ __fspath__ __reversed__ __missing__ __format__ __divmod__ '
     '__rdivmod__ __dir__ __next__ __getstate__ __setstate__ '
     '__reduce__ __reduce_ex__ __copy__ __deepcopy__ __subclasses__ '
     '__getformat__').split())
# what MagicMock sets up by default (the rest can be set by hand)
_DEFAULT_MAGICS = _MAGIC_NAMES - set(
    '__getattr__ __setattr__ __init__ __new__ __prepare__ __instancecheck__ '
    '__subclasscheck__ __del__ __next__ __getstate__ __setstate__ __reduce__ '
    '__reduce_ex__ __copy__ __deepcopy__ __subclasses__ __getformat__ '
    '__format__ __missing__ __dir__ __divmod__ __rdivmod__'.split())
_UNSUPPORTED_MAGICS = {'__getattr__', '__setattr__', '__init__', '__new__',
                       '__prepare__', '__instancecheck__',
                       '__subclasscheck__', '__del__'}

_FIXED_RETURNS = {
    '__lt__': NotImplemented, '__gt__': NotImplemented,
    '__le__': NotImplemented, '__ge__': NotImplemented,
    '__int__': 1, '__contains__': False, '__len__': 0, '__exit__': False,
    '__complex__': 1j, '__float__': 1.0, '__bool__': True, '__index__': 1,
}


def _is_magic(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_'


def _magic_dispatcher(name):
    def dispatch(self, *args, **kwargs):
        target = self.__dict__['_mock_magic_impl'].get(name)
        if target is None:
            target = _magic_child(self, name)
        return target(*args, **kwargs)
    dispatch.__name__ = name
    return dispatch


def _configure_magic_child(owner, name, child):
    if name in _FIXED_RETURNS:
        child.return_value = _FIXED_RETURNS[name]
    elif name == '__hash__':
        child.return_value = object.__hash__(owner)
    elif name == '__str__':
        child.return_value = object.__str__(owner)
    elif name == '__sizeof__':
        child.return_value = object.__sizeof__(owner)
    elif name == '__fspath__':
        child.return_value = '%s/%s' % (type(owner).__name__, id(owner))
    elif name == '__eq__':
        def equal(other):
            fixed = child.__dict__['_mock_return_value']
            if fixed is not DEFAULT:
                return fixed
            return True if owner is other else NotImplemented
        child.side_effect = equal
    elif name == '__ne__':
        def unequal(other):
            fixed = child.__dict__['_mock_return_value']
            if fixed is not DEFAULT:
                return fixed
            return False if owner is other else NotImplemented
        child.side_effect = unequal
    elif name == '__iter__':
        def iterate():
            fixed = child.__dict__['_mock_return_value']
            return iter([] if fixed is DEFAULT else fixed)
        child.side_effect = iterate


def _magic_child(owner, name):
    children = owner.__dict__['_mock_children']
    child = children.get(name)
    if child is None:
        child = MagicMock(name=name, parent=owner, _new_name=name,
                          _new_parent=owner)
        _configure_magic_child(owner, name, child)
        child = children.setdefault(name, child)
    return child


# ---------------------------------------------------------------------------
# the mock classes

class NonCallableMock(object):
    """A mock that cannot be called: attributes are created on first use
    as child mocks; see Mock for the constructor arguments."""

    def __new__(cls, *args, **kw):
        # each mock gets its own class, so that magic methods can be set
        # on one mock without affecting the others
        own = type(cls.__name__, (cls,), {'__doc__': cls.__doc__,
                                          '_mock_own_class': True})
        return object.__new__(own)

    def __init__(self, spec=None, wraps=None, name=None, spec_set=None,
                 parent=None, _spec_state=None, _new_name='', _new_parent=None,
                 _spec_as_instance=False, _eat_self=None, unsafe=False,
                 **kwargs):
        inner = self.__dict__
        inner['_mock_parent'] = parent
        inner['_mock_name'] = name
        inner['_mock_new_name'] = _new_name
        inner['_mock_new_parent'] = _new_parent
        inner['_mock_sealed'] = False
        inner['_mock_unsafe'] = unsafe
        inner['_mock_children'] = {}
        inner['_mock_magic_impl'] = {}
        inner['_mock_wraps'] = wraps
        inner['_mock_return_value'] = DEFAULT
        inner['_mock_side_effect'] = None
        if spec_set is not None:
            spec, spec_set = spec_set, True
        self._mock_add_spec(spec, spec_set)
        inner['called'] = False
        inner['call_count'] = 0
        inner['call_args'] = None
        inner['call_args_list'] = _CallList()
        inner['mock_calls'] = _CallList()
        inner['method_calls'] = _CallList()
        if kwargs:
            self.configure_mock(**kwargs)

    def _mock_add_spec(self, spec, spec_set):
        spec_class = None
        names = None
        if spec is not None:
            if isinstance(spec, (list, tuple)) and all(isinstance(s, str) for s in spec):
                names = list(spec)
            else:
                spec_class = spec if isinstance(spec, type) else type(spec)
                names = dir(spec)
        inner = self.__dict__
        inner['_spec_class'] = spec_class
        inner['_spec_set'] = bool(spec_set) if spec is not None else None
        inner['_spec_signature'] = None
        inner['_mock_methods'] = names

    def mock_add_spec(self, spec, spec_set=False):
        """Restrict the mock's attributes to those of spec."""
        self._mock_add_spec(spec, spec_set)

    def attach_mock(self, mock, attribute):
        """Make mock the child attribute of this mock; its calls then show
        in this mock's mock_calls and method_calls."""
        inner = mock.__dict__
        inner['_mock_parent'] = inner['_mock_new_parent'] = None
        inner['_mock_name'] = inner['_mock_new_name'] = None
        setattr(self, attribute, mock)

    @property
    def __class__(self):
        spec_class = self.__dict__.get('_spec_class')
        return type(self) if spec_class is None else spec_class

    # -- return_value and side_effect --------------------------------------

    def __get_return_value(self):
        value = self.__dict__['_mock_return_value']
        if value is DEFAULT:
            value = self._get_child_mock(_new_parent=self, _new_name='()')
            self.__dict__['_mock_return_value'] = value
        return value

    def __set_return_value(self, value):
        _adopt(self, value, None, '()')
        self.__dict__['_mock_return_value'] = value

    return_value = property(__get_return_value, __set_return_value,
                            None, "What calling the mock returns.")

    def __get_side_effect(self):
        return self.__dict__['_mock_side_effect']

    def __set_side_effect(self, value):
        self.__dict__['_mock_side_effect'] = _as_iterator(value)

    side_effect = property(__get_side_effect, __set_side_effect, None,
                           "An exception to raise, an iterable of results, "
                           "or a function to call, when the mock is called.")

    # -- attributes ---------------------------------------------------------

    def _get_child_mock(self, **kw):
        own = type(self)
        base = own.__mro__[1] if own.__dict__.get('_mock_own_class') else own
        if issubclass(base, NonCallableMagicMock) and not issubclass(base, MagicMock):
            base = MagicMock
        elif issubclass(base, MagicMixin):
            pass
        elif base is NonCallableMock or base is PropertyMock:
            base = Mock
        elif not issubclass(base, CallableMixin):
            base = Mock
        if self.__dict__['_mock_sealed']:
            name = kw.get('name') or kw.get('_new_name') or ''
            raise AttributeError(self._mock_full_name() + '.' + name
                                 if name != '()' else self._mock_full_name() + '()')
        return base(**kw)

    def __getattr__(self, name):
        if name in ('_mock_methods', '_mock_unsafe', '_mock_children'):
            raise AttributeError(name)
        inner = self.__dict__
        allowed = inner.get('_mock_methods')
        if allowed is not None:
            if name not in allowed or name in _MAGIC_NAMES:
                raise AttributeError("Mock object has no attribute %r" % name)
        elif _is_magic(name):
            raise AttributeError(name)
        if not inner.get('_mock_unsafe') and (not allowed or name not in allowed):
            if name.startswith(('assert', 'assret', 'asert', 'aseert', 'assrt')):
                raise AttributeError(
                    "%r is not a valid assertion. Use a spec for the mock if "
                    "%r is meant to be an attribute." % (name, name))
        children = inner['_mock_children']
        child = children.get(name)
        if child is _deleted:
            raise AttributeError(name)
        if child is None:
            wraps = inner['_mock_wraps']
            if wraps is not None:
                wraps = getattr(wraps, name)
            child = self._get_child_mock(parent=self, name=name, wraps=wraps,
                                         _new_name=name, _new_parent=self)
            child = children.setdefault(name, child)
        return child

    def __setattr__(self, name, value):
        inner = self.__dict__
        if name.startswith('_mock_') or name.startswith('_spec_'):
            inner[name] = value
            return
        if (inner.get('_spec_set') and inner.get('_mock_methods') is not None
                and name not in inner['_mock_methods'] and name not in inner
                and name not in ('return_value', 'side_effect')):
            raise AttributeError("Mock object has no attribute '%s'" % name)
        if name in _UNSUPPORTED_MAGICS:
            raise AttributeError("Attempting to set unsupported magic method %r."
                                 % name)
        if name in _MAGIC_NAMES:
            self._mock_set_magic(name, value)
            return
        if name == '__class__':
            inner['_spec_class'] = value
            return
        if name in ('return_value', 'side_effect'):
            object.__setattr__(self, name, value)
            return
        if _adopt(self, value, name, name):
            inner['_mock_children'][name] = value
        if inner['_mock_sealed'] and not hasattr(self, name):
            raise AttributeError('Cannot set %s.%s' % (self._mock_full_name(), name))
        inner[name] = value

    def _mock_set_magic(self, name, value):
        impl = self.__dict__['_mock_magic_impl']
        if _is_mock(value):
            _adopt(self, value, name, name)
            self.__dict__['_mock_children'][name] = value
            impl[name] = value
        else:
            owner = self
            impl[name] = lambda *args, **kw: value(owner, *args, **kw)
        own = type(self)
        if name not in own.__dict__:
            setattr(own, name, _magic_dispatcher(name))

    def __delattr__(self, name):
        inner = self.__dict__
        if name in _MAGIC_NAMES and name in inner['_mock_magic_impl']:
            del inner['_mock_magic_impl'][name]
            inner['_mock_children'].pop(name, None)
            own = type(self)
            if name in own.__dict__ and not isinstance(self, MagicMixin):
                delattr(own, name)
            return
        children = inner['_mock_children']
        child = children.get(name, _missing)
        if name in inner:
            del inner[name]
        elif child is _deleted:
            raise AttributeError(name)
        children[name] = _deleted

    def __dir__(self):
        extras = list(self.__dict__['_mock_methods'] or ())
        names = set(dir(type(self))) | set(extras)
        names |= {k for k, v in self.__dict__['_mock_children'].items()
                  if v is not _deleted}
        names |= {k for k in self.__dict__ if not k.startswith('_')}
        return sorted(n for n in names if not FILTER_DIR or not n.startswith('_mock_'))

    def _mock_path(self):
        """(root mock, [segments from the root down to this mock])."""
        segments = []
        node = self
        while True:
            inner = node.__dict__
            parent = inner['_mock_new_parent']
            if parent is None:
                return node, segments
            segments.insert(0, inner['_mock_new_name'])
            node = parent

    def _mock_full_name(self):
        root, segments = self._mock_path()
        head = root.__dict__['_mock_name'] or 'mock'
        if not segments:
            return head
        tail = _join_path(segments)
        return head + (tail if tail.startswith('()') else '.' + tail)

    def __repr__(self):
        name = self._mock_full_name()
        label = '' if name in ('mock', 'mock.') else ' name=%r' % name
        spec = ''
        spec_class = self.__dict__['_spec_class']
        if spec_class is not None:
            spec = ' spec_set=%r' if self.__dict__['_spec_set'] else ' spec=%r'
            spec = spec % spec_class.__name__
        return "<%s%s%s id='%s'>" % (type(self).__name__, label, spec, id(self))

    # -- configuration and reset ------------------------------------------

    def configure_mock(self, **kwargs):
        """Set attributes, also of children: configure_mock(**{'a.b': 1})."""
        for dotted, value in sorted(kwargs.items(), key=lambda kv: kv[0].count('.')):
            path = dotted.split('.')
            last = path.pop()
            target = self
            for step in path:
                target = getattr(target, step)
            setattr(target, last, value)

    def reset_mock(self, visited=None, *, return_value=False, side_effect=False):
        """Forget all calls (of this mock and its children); optionally
        also the configured return value and side effect."""
        visited = [] if visited is None else visited
        if id(self) in visited:
            return
        visited.append(id(self))
        inner = self.__dict__
        inner['called'] = False
        inner['call_args'] = None
        inner['call_count'] = 0
        inner['mock_calls'] = _CallList()
        inner['call_args_list'] = _CallList()
        inner['method_calls'] = _CallList()
        if return_value:
            inner['_mock_return_value'] = DEFAULT
        if side_effect:
            inner['_mock_side_effect'] = None
        for child in list(inner['_mock_children'].values()):
            if _is_mock(child):
                child.reset_mock(visited, return_value=return_value,
                                 side_effect=side_effect)
        ret = inner['_mock_return_value']
        if _is_mock(ret) and ret is not self:
            ret.reset_mock(visited)

    # -- assertions ---------------------------------------------------------

    def _mock_label(self):
        return self.__dict__['_mock_name'] or 'mock'

    def _format_mock_call_signature(self, args, kwargs):
        return _format_call_signature(self._mock_label(), args, kwargs)

    def _format_mock_failure_message(self, args, kwargs, action='call'):
        expected = self._format_mock_call_signature(args, kwargs)
        actual = self.call_args
        actual = (self._format_mock_call_signature(*actual) if actual is not None
                  else 'not called.')
        return 'expected %s not found.\nExpected: %s\n  Actual: %s' % (
            action, expected, actual)

    def _calls_repr(self, prefix="Calls"):
        if not self.mock_calls:
            return ""
        return "\n%s: %s." % (prefix, self.mock_calls)

    def assert_not_called(self):
        """Fail if the mock was called."""
        if self.call_count != 0:
            raise AssertionError("Expected '%s' to not have been called. "
                                 "Called %s times.%s" % (
                                     self._mock_label(), self.call_count,
                                     self._calls_repr()))

    def assert_called(self):
        """Fail unless the mock was called at least once."""
        if self.call_count == 0:
            raise AssertionError("Expected '%s' to have been called." %
                                 self._mock_label())

    def assert_called_once(self):
        """Fail unless the mock was called exactly once."""
        if self.call_count != 1:
            raise AssertionError("Expected '%s' to have been called once. "
                                 "Called %s times.%s" % (
                                     self._mock_label(), self.call_count,
                                     self._calls_repr()))

    def assert_called_with(self, /, *args, **kwargs):
        """Fail unless the last call had these arguments."""
        if self.call_args is None:
            raise AssertionError(
                'expected call not found.\nExpected: %s\n  Actual: not called.'
                % self._format_mock_call_signature(args, kwargs))
        expected = _Call((args, kwargs), two=True)
        if expected != self.call_args:
            raise AssertionError(self._format_mock_failure_message(args, kwargs))

    def assert_called_once_with(self, /, *args, **kwargs):
        """Fail unless the mock was called exactly once, with these
        arguments."""
        if self.call_count != 1:
            raise AssertionError("Expected '%s' to be called once. "
                                 "Called %s times.%s" % (
                                     self._mock_label(), self.call_count,
                                     self._calls_repr()))
        return self.assert_called_with(*args, **kwargs)

    def assert_any_call(self, /, *args, **kwargs):
        """Fail unless some call had these arguments."""
        expected = _Call((args, kwargs), two=True)
        if expected not in list(self.call_args_list):
            raise AssertionError('%s call not found' %
                                 self._format_mock_call_signature(args, kwargs))

    def assert_has_calls(self, calls, any_order=False):
        """Fail unless calls appear in mock_calls, consecutively and in
        order (any_order: each of them somewhere)."""
        expected = list(calls)
        actual = self.mock_calls
        if not any_order:
            if expected not in actual:
                raise AssertionError(
                    'Calls not found.\nExpected: %r\n  Actual: %r' % (
                        _CallList(expected), actual))
            return
        remaining = list(actual)
        missing = []
        for item in expected:
            try:
                remaining.remove(item)
            except ValueError:
                missing.append(item)
        if missing:
            raise AssertionError('%r does not contain all of %r in its call '
                                 'list, found %r instead' % (
                                     self._mock_label(), tuple(missing), actual))


class CallableMixin(object):
    """What makes a mock callable: recording calls and producing the
    return value / side effect."""

    def __call__(self, /, *args, **kwargs):
        self._mock_record_call(args, kwargs)
        return self._mock_call(*args, **kwargs)

    def _mock_record_call(self, args, kwargs):
        with _record_lock:
            inner = self.__dict__
            inner['called'] = True
            inner['call_count'] += 1
            this = _Call((args, kwargs), two=True)
            inner['call_args'] = this
            inner['call_args_list'].append(this)
            inner['mock_calls'].append(_Call(('', args, kwargs)))
            # every ancestor through _new_parent sees the call in mock_calls,
            # named by the path from it down to this mock
            segments = []
            node = self
            while node.__dict__['_mock_new_parent'] is not None:
                segments.insert(0, node.__dict__['_mock_new_name'])
                node = node.__dict__['_mock_new_parent']
                node.__dict__['mock_calls'].append(
                    _Call((_join_path(segments), args, kwargs)))
            # ancestors through attribute links see it in method_calls
            names = []
            node = self
            while node.__dict__['_mock_parent'] is not None:
                names.insert(0, node.__dict__['_mock_name'])
                node = node.__dict__['_mock_parent']
                node.__dict__['method_calls'].append(
                    _Call(('.'.join(names), args, kwargs)))

    def _mock_call(self, /, *args, **kwargs):
        return self._execute_mock_call(*args, **kwargs)

    def _execute_mock_call(self, /, *args, **kwargs):
        effect = self.__dict__['_mock_side_effect']
        if effect is not None:
            if _is_exception(effect):
                raise effect
            if _callable(effect):
                outcome = effect(*args, **kwargs)
            else:
                outcome = next(effect)
                if _is_exception(outcome):
                    raise outcome
            if outcome is not DEFAULT:
                return outcome
        if self.__dict__['_mock_return_value'] is not DEFAULT:
            return self.return_value
        wraps = self.__dict__['_mock_wraps']
        if wraps is not None:
            return wraps(*args, **kwargs)
        return self.return_value


class Mock(CallableMixin, NonCallableMock):
    """A callable mock.

    spec: a list of attribute names or an object whose attributes the
    mock allows (others raise AttributeError); spec_set: the same, also
    for setting.  side_effect: an exception to raise, an iterable whose
    items are returned (or raised) in turn, or a function called with
    the call's arguments whose result is returned (unless it is DEFAULT).
    return_value: what calls return (default: a child mock).  wraps: an
    object the calls and attributes are passed through to.  name: used in
    the repr.  Other keyword arguments set attributes."""

    def __init__(self, spec=None, side_effect=None, return_value=DEFAULT,
                 wraps=None, name=None, spec_set=None, parent=None,
                 _spec_state=None, _new_name='', _new_parent=None, **kwargs):
        NonCallableMock.__init__(self, spec=spec, wraps=wraps, name=name,
                                 spec_set=spec_set, parent=parent,
                                 _new_name=_new_name, _new_parent=_new_parent,
                                 **kwargs)
        self.__dict__['_mock_return_value'] = return_value
        if return_value is not DEFAULT:
            _adopt(self, return_value, None, '()')
        self.__dict__['_mock_side_effect'] = _as_iterator(side_effect)


class MagicMixin(object):
    """Gives a mock working magic methods (len(), iteration, with, ...),
    each one a MagicMock that can be configured: m.__len__.return_value."""

    def __getattribute__(self, name):
        if name in _DEFAULT_MAGICS:
            impl = object.__getattribute__(self, '__dict__')['_mock_magic_impl']
            target = impl.get(name)
            if target is not None and _is_mock(target):
                return target
            if target is None:
                return _magic_child(self, name)
        return object.__getattribute__(self, name)


for _name in _DEFAULT_MAGICS:
    setattr(MagicMixin, _name, _magic_dispatcher(_name))
del _name


class NonCallableMagicMock(MagicMixin, NonCallableMock):
    """A MagicMock that cannot be called."""

    def mock_add_spec(self, spec, spec_set=False):
        self._mock_add_spec(spec, spec_set)


class MagicMock(MagicMixin, Mock):
    """A Mock with default implementations of the magic methods: len() is
    0, iteration is empty, `in` is False, bool() True, int() 1, float()
    1.0, with-blocks work, indexing returns a MagicMock, and so on."""

    def mock_add_spec(self, spec, spec_set=False):
        self._mock_add_spec(spec, spec_set)


class PropertyMock(Mock):
    """A mock to put on a class as a property: getting the attribute calls
    the mock with no arguments, setting it calls it with the value."""

    def __get__(self, obj, obj_type=None): return self()

    def __set__(self, obj, val): self(val)

    def _get_child_mock(self, **kwargs): return MagicMock(**kwargs)


def seal(mock):
    """Stop mock (and its children) from creating new attributes."""
    mock.__dict__['_mock_sealed'] = True
    for child in list(mock.__dict__['_mock_children'].values()):
        if _is_mock(child) and child.__dict__['_mock_new_parent'] is mock:
            seal(child)
    ret = mock.__dict__['_mock_return_value']
    if _is_mock(ret) and ret.__dict__['_mock_new_parent'] is mock:
        seal(ret)


def mock_open(mock=None, read_data=''):
    """A MagicMock standing in for open(): the handle's read(),
    readline(), readlines() and iteration give read_data."""
    state = {'data': read_data}

    def lines():
        data = state['data']
        sep = b'\n' if isinstance(data, bytes) else '\n'
        pieces = data.split(sep)
        out = [p + sep for p in pieces[:-1]]
        if pieces[-1]:
            out.append(pieces[-1])
        return out

    if mock is None:
        mock = MagicMock(name='open', spec=open)
    handle = MagicMock(spec=None)
    handle.__enter__.return_value = handle
    pending = []

    def reset_data(*args, **kwargs):
        pending[:] = lines()
        return DEFAULT

    def read(*args):
        text = ''.join(pending) if not isinstance(state['data'], bytes) else b''.join(pending)
        pending[:] = []
        return text

    def readline(*args):
        if pending:
            return pending.pop(0)
        return b'' if isinstance(state['data'], bytes) else ''

    def readlines(*args):
        rest = list(pending)
        pending[:] = []
        return rest

    def iterate():
        while pending:
            yield pending.pop(0)

    handle.read.side_effect = read
    handle.readline.side_effect = readline
    handle.readlines.side_effect = readlines
    handle.__iter__.side_effect = iterate
    handle.write.return_value = None
    mock.side_effect = reset_data
    mock.return_value = handle
    pending[:] = lines()
    return mock


# ---------------------------------------------------------------------------
# patching

def _dot_lookup(thing, comp, import_path):
    try:
        return getattr(thing, comp)
    except AttributeError:
        __import__(import_path)
        return getattr(thing, comp)


def _importer(target):
    parts = target.split('.')
    path = parts.pop(0)
    thing = __import__(path)
    for part in parts:
        path += '.' + part
        thing = _dot_lookup(thing, part, path)
    return thing


def _get_target(target):
    try:
        where, attribute = target.rsplit('.', 1)
    except (TypeError, ValueError, AttributeError):
        raise TypeError("Need a valid target to patch. You supplied: %r"
                        % (target,))
    return (lambda: _importer(where)), attribute


class _patch(object):
    """One patching: a context manager, decorator, or started with
    start() and undone with stop()."""

    _active_patches = []
    attribute_name = None

    def __init__(self, getter, attribute, new, spec, create, spec_set,
                 autospec, new_callable, kwargs, *, unsafe=False):
        if new_callable is not None and new is not DEFAULT:
            raise ValueError("Cannot use 'new' and 'new_callable' together")
        if new_callable is not None and autospec is not None:
            raise ValueError("Cannot use 'autospec' and 'new_callable' together")
        self.getter, self.attribute = getter, attribute
        self.new, self.new_callable = new, new_callable
        self.spec, self.spec_set, self.autospec = spec, spec_set, autospec
        self.create, self.kwargs = create, kwargs
        self.has_local = False
        self.additional_patchers = []
        self.is_started = False

    def copy(self):
        twin = _patch(self.getter, self.attribute, self.new, self.spec,
                      self.create, self.spec_set, self.autospec,
                      self.new_callable, self.kwargs)
        twin.attribute_name = self.attribute_name
        twin.additional_patchers = [p.copy() for p in self.additional_patchers]
        return twin

    def __call__(self, func):
        if isinstance(func, type):
            return self.decorate_class(func)
        return self.decorate_callable(func)

    def decorate_class(self, klass):
        prefix = patch.TEST_PREFIX
        for name in dir(klass):
            if not name.startswith(prefix):
                continue
            value = getattr(klass, name)
            if not callable(value):
                continue
            setattr(klass, name, self.copy()(value))
        return klass

    def decorate_callable(self, func):
        existing = getattr(func, 'patchings', None)
        if existing is not None:
            existing.append(self)
            return func

        @functools.wraps(func)
        def patched(*args, **keywargs):
            entered = []
            extra = []
            try:
                for patching in patched.patchings:
                    value = patching.__enter__()
                    entered.append(patching)
                    if patching.attribute_name is not None:
                        keywargs.update(value)
                    elif patching.new is DEFAULT:
                        extra.append(value)
                result = func(*(args + tuple(extra)), **keywargs)
            except BaseException:
                info = sys.exc_info()
                for patching in reversed(entered):
                    patching.__exit__(*info)
                raise
            for patching in reversed(entered):
                patching.__exit__(None, None, None)
            return result

        patched.patchings = [self]
        return patched

    def get_original(self):
        target, name = self.target, self.attribute
        local = False
        try:
            original = target.__dict__[name]
            local = True
        except (AttributeError, KeyError):
            original = getattr(target, name, DEFAULT)
        if name in builtins.__dict__ and isinstance(target, ModuleType):
            self.create = True
        if not self.create and original is DEFAULT:
            raise AttributeError("%s does not have the attribute %r"
                                 % (target, name))
        return original, local

    def _make_new(self, original):
        new = self.new
        if new is not DEFAULT:
            return new
        spec, spec_set = self.spec, self.spec_set
        if spec is True:
            spec = original
        if spec_set is True:
            spec_set = original
        factory = self.new_callable
        if factory is None:
            factory = MagicMock
            probe = spec if spec is not None else spec_set
            if probe is not None and not _callable(probe):
                factory = NonCallableMagicMock
        options = dict(self.kwargs)
        if spec is not None:
            options['spec'] = spec
        if spec_set is not None:
            options['spec_set'] = spec_set
        return factory(**options)

    def __enter__(self):
        self.target = self.getter()
        original, local = self.get_original()
        new = self._make_new(original)
        self.temp_original, self.is_local = original, local
        setattr(self.target, self.attribute, new)
        try:
            if self.attribute_name is not None:
                extra = {}
                if self.new is DEFAULT:
                    extra[self.attribute_name] = new
                for sub in self.additional_patchers:
                    value = sub.__enter__()
                    if sub.new is DEFAULT:
                        extra.update(value)
                return extra
            return new
        except BaseException:
            self.__exit__(*sys.exc_info())
            raise

    def __exit__(self, *exc_info):
        target, name, original = self.target, self.attribute, self.temp_original
        if original is not DEFAULT and self.is_local:
            setattr(target, name, original)
        else:
            # the attribute was inherited or created: remove ours; put the
            # original back if removing did not bring it back
            delattr(target, name)
            if not self.create and (name in _ALWAYS_SET or not hasattr(target, name)):
                setattr(target, name, original)
        del self.temp_original, self.is_local, self.target
        for sub in reversed(self.additional_patchers):
            sub.__exit__(*exc_info)
        return False

    def start(self):
        """Apply the patch; return what __enter__ gives."""
        value = self.__enter__()
        self._active_patches.append(self)
        return value

    def stop(self):
        """Undo a patch applied with start()."""
        try:
            self._active_patches.remove(self)
        except ValueError:
            return None
        return self.__exit__(None, None, None)


# attributes that deleting does not remove (so are set back instead)
_ALWAYS_SET = ('__doc__', '__module__', '__defaults__', '__annotations__',
               '__kwdefaults__')


def _patch_object(target, attribute, new=DEFAULT, spec=None, create=False,
                  spec_set=None, autospec=None, new_callable=None, *,
                  unsafe=False, **kwargs):
    """patch.object(obj, 'name', ...): patch an attribute of an object."""
    if isinstance(target, str):
        raise TypeError("%r must be the actual object to be patched, not a str"
                        % (target,))
    return _patch(lambda: target, attribute, new, spec, create, spec_set,
                  autospec, new_callable, kwargs)


def _patch_multiple(target, spec=None, create=False, spec_set=None,
                    autospec=None, new_callable=None, **kwargs):
    """patch.multiple(obj_or_name, a=..., b=DEFAULT): several attributes
    at once; DEFAULT ones become MagicMocks passed as keyword arguments."""
    if isinstance(target, str):
        getter = lambda: _importer(target)
    else:
        getter = lambda: target
    if not kwargs:
        raise ValueError('Must supply at least one keyword argument with '
                         'patch.multiple')
    items = list(kwargs.items())
    first = None
    for attribute, new in items:
        one = _patch(getter, attribute, new, spec, create, spec_set,
                     autospec, new_callable, {})
        one.attribute_name = attribute
        if first is None:
            first = one
        else:
            first.additional_patchers.append(one)
    return first


def patch(target, new=DEFAULT, spec=None, create=False, spec_set=None,
          autospec=None, new_callable=None, *, unsafe=False, **kwargs):
    """Replace the object named by target ('package.module.name') with new
    (default: a MagicMock) while a decorated function runs, inside a
    with-block, or between start() and stop().  As a decorator with new
    left out, the mock is passed as an extra positional argument."""
    getter, attribute = _get_target(target)
    return _patch(getter, attribute, new, spec, create, spec_set, autospec,
                  new_callable, kwargs)


class _patch_dict(object):
    """patch.dict(in_dict, values=(), clear=False, **kwargs): set items of
    a dictionary (or the one named by a dotted string) for a while,
    restoring its whole former contents afterwards."""

    def __init__(self, in_dict, values=(), clear=False, **kwargs):
        self.in_dict = in_dict
        self.clear, self._original = clear, None
        self.values = dict(values, **kwargs)

    def __call__(self, f):
        if isinstance(f, type):
            return self.decorate_class(f)

        @functools.wraps(f)
        def inner(*args, **kw):
            self._patch_dict()
            try:
                return f(*args, **kw)
            finally:
                self._unpatch_dict()
        return inner

    def decorate_class(self, klass):
        for name in dir(klass):
            value = getattr(klass, name)
            if name.startswith(patch.TEST_PREFIX) and callable(value):
                twin = _patch_dict(self.in_dict, self.values, self.clear)
                setattr(klass, name, twin(value))
        return klass

    def __enter__(self):
        self._patch_dict()
        return self.in_dict

    def _patch_dict(self):
        if isinstance(self.in_dict, str):
            self.in_dict = _importer(self.in_dict)
        target = self.in_dict
        try:
            saved = target.copy()
        except AttributeError:
            saved = {key: target[key] for key in target}
        self._original = saved
        if self.clear:
            _clear_dict(target)
        try:
            target.update(self.values)
        except AttributeError:
            for key in self.values:
                target[key] = self.values[key]

    def _unpatch_dict(self):
        target, saved = self.in_dict, self._original
        _clear_dict(target)
        try:
            target.update(saved)
        except AttributeError:
            for key in saved:
                target[key] = saved[key]

    def __exit__(self, *args):
        if self._original is None:
            return False
        self._unpatch_dict()
        return False

    def start(self):
        value = self.__enter__()
        _patch._active_patches.append(self)
        return value

    def stop(self):
        try:
            _patch._active_patches.remove(self)
        except ValueError:
            return None
        return self.__exit__(None, None, None)


def _clear_dict(in_dict):
    clear = getattr(in_dict, 'clear', None)
    if clear is not None:
        clear()
        return
    for key in list(in_dict):
        del in_dict[key]


def _patch_stopall():
    """Stop every patch started with start()."""
    for active in reversed(list(_patch._active_patches)):
        active.stop()


for _attr, _value in (('object', _patch_object), ('dict', _patch_dict),
                      ('multiple', _patch_multiple), ('stopall', _patch_stopall),
                      ('TEST_PREFIX', 'test')):
    setattr(patch, _attr, _value)
del _attr, _value
