"""Weft's `enum` module: enumerations (Enum, IntEnum, StrEnum, Flag,
IntFlag), auto values, unique, member/nonmember and the EnumType metaclass.

A class's members are all made while the class statement runs, by the one
thread running it; afterwards the member tables are only read, except that
Flag records composite values with dict.setdefault, so concurrent lookups
of the same new combination agree on one object."""

import sys as _sys

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag',
           'IntFlag', 'ReprEnum', 'auto', 'unique', 'property', 'member',
           'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP',
           'global_enum', 'show_flag_values', 'global_enum_repr',
           'global_str', 'global_flag_repr', 'pickle_by_enum_name',
           'pickle_by_global_name', 'verify', 'EnumCheck', 'CONTINUOUS',
           'NAMED_FLAGS', 'UNIQUE']

_builtin_property = property
_builtin_bin = bin

# Until the classes below exist, EnumType must know it is building them.
Enum = Flag = EJECT = ReprEnum = None


# -- small helpers ----------------------------------------------------------------

_FunctionType = type(lambda: None)


def _is_descriptor(obj):
    if isinstance(obj, (_FunctionType, classmethod, staticmethod)):
        return True
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__')
            or hasattr(obj, '__delete__'))


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__'
            and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_'
            and name[1] != '_' and name[-2] != '_')


def _is_private(cls_name, name):
    prefix = '_%s__' % cls_name.lstrip('_')
    return (name.startswith(prefix) and len(name) > len(prefix)
            and not name.endswith('__'))


def _makes_its_own(base):
    # Does this (non-enum) class construct its instances itself, so that it
    # is the data type of an enumeration mixing it in?  Every built-in type
    # does (whether or not its __dict__ lists __new__).
    if '__new__' in base.__dict__ or '__dataclass_fields__' in base.__dict__:
        return True
    return base.__module__ == 'builtins' and base is not object


def _is_single_bit(num):
    return num > 0 and num & (num - 1) == 0


def _bits_lowest_first(num):
    while num:
        low = num & -num
        yield low
        num ^= low


def bin(num, max_bits=None):
    """Two's complement binary text of num: a sign part ('0b0' or '0b1'),
    a space, then the digits (padded with the sign digit to max_bits)."""
    width = num.bit_length()
    sign = '0b1' if num < 0 else '0b0'
    digits = format(num & ((1 << width) - 1), 'b').zfill(width) if width else ''
    if max_bits is not None and len(digits) < max_bits:
        digits = sign[-1] * (max_bits - len(digits)) + digits
    return '%s %s' % (sign, digits)


def show_flag_values(value):
    """The single-bit values that make up `value`, lowest first."""
    return list(_bits_lowest_first(value))


class _ReadOnlyMembers:
    """A read-only view of a dict (used for __members__ when the
    interpreter has no mappingproxy type of its own)."""
    __slots__ = ('_data',)

    def __init__(self, data):
        object.__setattr__(self, '_data', data)

    def __contains__(self, key):
        return self._data.__contains__(key)

    def __getitem__(self, key):
        return self._data.__getitem__(key)

    def __len__(self):
        return self._data.__len__()

    def __iter__(self):
        return self._data.__iter__()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def __eq__(self, other):
        return self._data == other

    def __reversed__(self):
        return reversed(list(self._data))

    def __setattr__(self, name, value):
        raise AttributeError("'mappingproxy' object attribute '%s' is "
                             "read-only" % name)

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._data,)


_mappingproxy = type(type.__dict__)
if _mappingproxy is dict:
    _mappingproxy = _ReadOnlyMembers


# -- values supplied in the class body -------------------------------------------

_NO_VALUE = object()


class auto:
    """Stands for a member value that the enumeration computes itself (with
    _generate_next_value_)."""

    def __init__(self, value=_NO_VALUE):
        self.value = value

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class member:
    """Forces the wrapped value to become a member."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Keeps the wrapped value an ordinary class attribute."""

    def __init__(self, value):
        self.value = value


class property:
    """A property for members.  Read on the class itself it answers with the
    member of the same name, if there is one, so that members may be named
    like the properties (`name`, `value`) of the enumeration."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.name = getattr(fget, '__name__', None)
        self.clsname = None
        if doc is None:
            doc = getattr(fget, '__doc__', None)
        self.__doc__ = doc
        self.fget, self.fset, self.fdel = fget, fset, fdel

    def __set_name__(self, owner, name):
        self.name = name
        self.clsname = owner.__name__

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            members = ownerclass.__dict__.get('_member_map_', {}) if ownerclass else {}
            if self.name in members:
                return members[self.name]
            raise AttributeError(self.name)
        if self.fget is None:
            raise AttributeError('%r member has no attribute %r'
                                 % (type(instance), self.name))
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError('<enum %r> cannot set attribute %r'
                                 % (self.clsname, self.name))
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError('<enum %r> cannot delete attribute %r'
                                 % (self.clsname, self.name))
        self.fdel(instance)


# -- the namespace of a class statement ------------------------------------------

_SUNDER_ALLOWED = frozenset({
    '_order_', '_generate_next_value_', '_numeric_repr_', '_missing_',
    '_ignore_', '_iter_member_', '_iter_member_by_value_',
    '_iter_member_by_def_'})


class _EnumDict(dict):
    """The namespace of an enumeration's class body: records member names in
    order and resolves auto() values as they are assigned."""

    def __init__(self):
        super().__init__()
        self._member_names = {}
        self._last_values = []
        self._ignore = []
        self._auto_called = False
        self._cls_name = None
        self._generate_next_value = None

    def _resolve_auto(self, key, value):
        if value.value is _NO_VALUE:
            value.value = self._generate_next_value(
                key, 1, len(self._member_names), self._last_values[:])
            self._auto_called = True
        return value.value

    def __setitem__(self, key, value):
        if self._cls_name is not None and _is_private(self._cls_name, key):
            pass
        elif _is_sunder(key):
            if key not in _SUNDER_ALLOWED:
                raise ValueError('_sunder_ names, such as %r, are reserved '
                                 'for future Enum use' % (key,))
            if key == '_generate_next_value_':
                if self._auto_called:
                    raise TypeError('_generate_next_value_ must be defined '
                                    'before members')
                if isinstance(value, staticmethod):
                    self._generate_next_value = value.__func__
                else:
                    self._generate_next_value = value
            elif key == '_ignore_':
                if isinstance(value, str):
                    names = value.replace(',', ' ').split()
                else:
                    names = list(value)
                self._ignore = names
                clash = set(names) & set(self._member_names)
                if clash:
                    raise ValueError('_ignore_ cannot specify already set '
                                     'names: %r' % (sorted(clash),))
        elif _is_dunder(key) or key in self._ignore:
            pass
        elif key in self._member_names:
            raise TypeError('%r already defined as %r' % (key, self[key]))
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value) and not isinstance(value, member):
            pass
        else:
            if key in self:
                raise TypeError('%r already defined as %r' % (key, self[key]))
            if isinstance(value, member):
                value = value.value
            if isinstance(value, auto):
                value = self._resolve_auto(key, value)
            elif isinstance(value, tuple) and any(isinstance(v, auto)
                                                  for v in value):
                value = tuple(self._resolve_auto(key, v)
                              if isinstance(v, auto) else v for v in value)
            self._member_names[key] = None
            self._last_values.append(value)
        super().__setitem__(key, value)


# -- the metaclass ----------------------------------------------------------------

class EnumType(type):
    """Metaclass of enumerations."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        metacls._refuse_extending(cls, bases)
        namespace = _EnumDict()
        namespace._cls_name = cls
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        if first_enum is not None:
            namespace['_generate_next_value_'] = getattr(
                first_enum, '_generate_next_value_', None)
        return namespace

    def __new__(metacls, cls, bases, classdict, *, boundary=None,
                _simple=False, **kwds):
        if _simple:
            return super().__new__(metacls, cls, bases, classdict, **kwds)

        ignore = list(classdict._ignore) + ['_ignore_']
        plain = {}
        for key, value in dict.items(classdict):
            if key in ignore or key in classdict._member_names:
                continue
            plain[key] = value
        member_names = list(classdict._member_names)
        member_values = {name: dict.__getitem__(classdict, name)
                         for name in member_names}

        member_type, first_enum = metacls._get_mixins_(cls, bases)
        new_member, save_new, use_args = metacls._find_new_(
            classdict, member_type, first_enum)

        invalid = set(member_names) & {'mro', ''}
        if invalid:
            raise ValueError('invalid enum member name(s) %s' % ', '.join(
                repr(n) for n in sorted(invalid)))

        order = plain.pop('_order_', None)
        plain['_new_member_'] = new_member
        plain['_use_args_'] = use_args
        plain['_member_names_'] = []
        plain['_member_map_'] = {}
        plain['_value2member_map_'] = {}
        plain['_unhashable_values_'] = []
        plain['_member_type_'] = member_type
        plain['_value_repr_'] = metacls._find_data_repr_(cls, bases)
        if Flag is not None and any(issubclass(b, Flag) for b in bases
                                    if isinstance(b, EnumType)):
            if boundary is None:
                boundary = getattr(first_enum, '_boundary_', None)
            plain['_boundary_'] = boundary
            plain['_flag_mask_'] = 0
            plain['_all_bits_'] = 0
            plain['_inverted_'] = None
        elif boundary is not None:
            plain['_boundary_'] = boundary

        enum_class = super().__new__(metacls, cls, bases, plain, **kwds)

        metacls._settle_methods(enum_class, bases, plain, member_type,
                                first_enum)
        for name in member_names:
            metacls._add_member(enum_class, name, member_values[name])

        if Flag is not None and issubclass(enum_class, Flag):
            mask = 0
            for m in enum_class._member_map_.values():
                mask |= m._value_
            type.__setattr__(enum_class, '_flag_mask_', mask)
            type.__setattr__(enum_class, '_all_bits_',
                             2 ** mask.bit_length() - 1)

        if Enum is not None:
            if save_new:
                type.__setattr__(enum_class, '__new_member__', new_member)
            type.__setattr__(enum_class, '__new__', Enum.__new__)

        if order is not None:
            if isinstance(order, str):
                order = order.replace(',', ' ').split()
            if Flag is not None and issubclass(enum_class, Flag):
                actual = [n for n in enum_class._member_names_
                          if _is_single_bit(enum_class._member_map_[n]._value_)
                          or n in order]
            else:
                actual = enum_class._member_names_
            if list(order) != actual:
                raise TypeError('member order does not match _order_:\n'
                                '  %r\n  %r' % (enum_class._member_names_,
                                                list(order)))
        return enum_class

    @staticmethod
    def _settle_methods(enum_class, bases, own, member_type, first_enum):
        # A data type mixed in ahead of Enum in the MRO would otherwise
        # supply repr/str/format; ReprEnum keeps the data type's str and
        # format on purpose.
        if ReprEnum is not None and ReprEnum in bases:
            if member_type is object:
                raise TypeError('ReprEnum subclasses must be mixed with a '
                                'data type (i.e. int, str, float, etc.)')
            if '__format__' not in own:
                own['__format__'] = member_type.__format__
                type.__setattr__(enum_class, '__format__', own['__format__'])
            if '__str__' not in own:
                method = member_type.__str__
                if method == object.__str__:
                    method = member_type.__repr__
                own['__str__'] = method
                type.__setattr__(enum_class, '__str__',
                                 _data_str(method))
        if first_enum is None:
            return
        for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
            if name in own:
                continue
            found = getattr(enum_class, name, None)
            if found is None or found in (getattr(member_type, name, None),
                                          getattr(object, name, None)):
                type.__setattr__(enum_class, name, getattr(first_enum, name))
        if Flag is not None and issubclass(enum_class, Flag):
            for name in ('__or__', '__and__', '__xor__', '__ror__',
                         '__rand__', '__rxor__', '__invert__'):
                if name not in own:
                    type.__setattr__(enum_class, name, Flag.__dict__[name])

    @staticmethod
    def _add_member(enum_class, name, value):
        if not isinstance(value, tuple):
            args = (value,)
        else:
            args = value
        if enum_class._member_type_ is tuple:
            args = (args,)
        if enum_class._use_args_:
            made = enum_class._new_member_(enum_class, *args)
        else:
            made = enum_class._new_member_(enum_class)
        if not hasattr(made, '_value_'):
            if enum_class._member_type_ is object:
                made._value_ = value
            else:
                try:
                    made._value_ = enum_class._member_type_(*args)
                except Exception as exc:
                    raise TypeError('_value_ not set in __new__, unable to '
                                    'create it') from exc
        value = made._value_
        made._name_ = name
        made.__objclass__ = enum_class
        made.__init__(*args)
        made._sort_order_ = len(enum_class._member_names_)

        canonical = None
        for existing in enum_class._member_map_.values():
            if existing._value_ == value:
                canonical = existing
                break
        if canonical is not None:
            made = canonical
        elif (Flag is None or not issubclass(enum_class, Flag)
              or _is_single_bit(value)):
            enum_class._member_names_.append(name)
        elif Flag is not None and issubclass(enum_class, Flag):
            # a named multi-bit value: a member, but not a canonical one
            pass

        # Where a base class defines the name (as an enum property for
        # `name` and `value`), the member lives only in _member_map_.
        shadowed = False
        for base in enum_class.__mro__[1:]:
            if name in base.__dict__:
                shadowed = isinstance(base.__dict__[name], property)
                break
        if not shadowed:
            type.__setattr__(enum_class, name, made)
        enum_class._member_map_[name] = made
        try:
            enum_class._value2member_map_.setdefault(value, made)
        except TypeError:
            enum_class._unhashable_values_.append(value)

    # -- calling the class ------------------------------------------------------

    def __call__(cls, value, names=None, *, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname,
                            type=type, start=start, boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        _, first_enum = cls._get_mixins_(class_name, bases)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names = names, []
            last_values = []
            for count, name in enumerate(original):
                value = first_enum._generate_next_value_(
                    name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        for item in names:
            if isinstance(item, str):
                name, value = item, names[item]
            else:
                name, value = item
            classdict[name] = value
        if module is None:
            try:
                module = _sys._getframe(2).f_globals['__name__']
            except (AttributeError, ValueError, KeyError):
                pass
        if module is not None:
            classdict['__module__'] = module
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict,
                               boundary=boundary)

    # -- the class as a container ---------------------------------------------

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and "
                            "'%s'" % (type(member).__qualname__,
                                      cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError('%r cannot delete member %r.'
                                 % (cls.__name__, attr))
        super().__delattr__(attr)

    def __dir__(cls):
        names = {'__class__', '__contains__', '__doc__', '__getitem__',
                 '__iter__', '__len__', '__members__', '__module__',
                 '__name__', '__qualname__'}
        names.update(cls._member_names_)
        if cls._new_member_ is not object.__new__:
            names.add('__new__')
        if cls.__init_subclass__ is not object.__init_subclass__:
            names.add('__init_subclass__')
        if cls._member_type_ is not object:
            names.update(dir(cls._member_type_))
        return sorted(names)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name]
                for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    @_builtin_property
    def __members__(cls):
        return _mappingproxy(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return '<flag %r>' % (cls.__name__,)
        return '<enum %r>' % (cls.__name__,)

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get('_member_map_', {}):
            raise AttributeError('cannot reassign member %r' % (name,))
        super().__setattr__(name, value)

    # -- working out the bases -------------------------------------------------

    @staticmethod
    def _refuse_extending(class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError('<enum %r> cannot extend %r'
                                    % (class_name, base))

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, Enum
        metacls._refuse_extending(class_name, bases)
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError('new enumerations should be created as '
                            '`EnumName([mixin_type, ...] [data_type,] '
                            'enum_type)`')
        member_type = metacls._find_data_type_(class_name, bases) or object
        return member_type, first_enum

    @classmethod
    def _find_data_type_(metacls, class_name, bases):
        found = []
        for chain in bases:
            candidate = None
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        found.append(base._member_type_)
                        break
                elif _makes_its_own(base):
                    found.append(candidate or base)
                    break
                else:
                    candidate = candidate or base
        distinct = []
        for t in found:
            if t not in distinct:
                distinct.append(t)
        if len(distinct) > 1:
            raise TypeError('too many data types for %r: %r'
                            % (class_name, set(distinct)))
        return distinct[0] if distinct else None

    @classmethod
    def _find_data_repr_(metacls, class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    return base._value_repr_
                if '__repr__' in base.__dict__:
                    return base.__dict__['__repr__']
        return None

    @classmethod
    def _find_new_(metacls, classdict, member_type, first_enum):
        new = dict.get(classdict, '__new__')
        save_new = first_enum is not None and new is not None
        if new is None:
            skip = {None, None.__new__, object.__new__}
            if Enum is not None:
                skip.add(Enum.__new__)
            for method in ('__new_member__', '__new__'):
                for possible in (member_type, first_enum):
                    target = getattr(possible, method, None)
                    if target not in skip:
                        new = target
                        break
                if new is not None:
                    break
            else:
                new = object.__new__
        if isinstance(new, staticmethod):
            new = new.__func__
        if new is object.__new__ and member_type is not object:
            # a built-in data type whose __new__ is not told apart from
            # object's: it still needs the member's arguments
            return member_type.__new__, save_new, True
        return new, save_new, new is not object.__new__


EnumMeta = EnumType


def _data_str(method):
    # str() of a ReprEnum member: the data type's own text.  A Python-level
    # function, so that the data type's builtin method is called on the
    # member directly.
    def __str__(self):
        return method(self)
    return __str__


# -- Enum ------------------------------------------------------------------------

class Enum(metaclass=EnumType):
    """Base class of enumerations: a fixed set of named, unique members."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for candidate in cls._member_map_.values():
                if candidate._value_ == value:
                    return candidate
        # Not a member's value: the class's _missing_ hook decides.
        try:
            found = cls._missing_(value)
        except Exception as raised:
            failure = raised
        else:
            if isinstance(found, cls):
                return found
            ejecting = (Flag is not None and issubclass(cls, Flag)
                        and cls._boundary_ is EJECT)
            if ejecting and isinstance(found, int):
                return found
            if found is None:
                raise ValueError('%r is not a valid %s'
                                 % (value, cls.__qualname__))
            failure = TypeError('error in %s._missing_: returned %r instead '
                                'of None or a valid member'
                                % (cls.__name__, found))
        if not isinstance(failure, ValueError):
            failure.__context__ = ValueError('%r is not a valid %s'
                                             % (value, cls.__qualname__))
        raise failure

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _missing_(cls, value):
        return None

    def _generate_next_value_(name, start, count, last_values):
        # one more than the largest value so far (or than the latest one
        # that can be added to, when the values do not order)
        if last_values:
            try:
                return max(last_values) + 1
            except TypeError:
                for earlier in last_values[::-1]:
                    try:
                        return earlier + 1
                    except TypeError:
                        continue
        return start

    def __repr__(self):
        show = self.__class__._value_repr_ or repr
        return '<%s.%s: %s>' % (self.__class__.__name__, self._name_,
                                show(self._value_))

    def __str__(self):
        return '%s.%s' % (self.__class__.__name__, self._name_)

    def __dir__(self):
        cls = self.__class__
        if cls._member_type_ is object:
            names = {'__class__', '__doc__', '__eq__', '__hash__',
                     '__module__', 'name', 'value'}
        else:
            names = set(object.__dir__(self))
        names.update(k for k in getattr(self, '__dict__', ()) if k[0] != '_')
        members = cls._member_map_
        for klass in cls.__mro__:
            for key, obj in vars(klass).items():
                if key[0] == '_':
                    continue
                if members.get(key) is obj:
                    continue        # a member, not an attribute
                if isinstance(obj, property) and obj.fget is None:
                    continue
                names.add(key)
        return sorted(names)

    def __hash__(self):
        return hash(self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        """The member's name."""
        return self._name_

    @property
    def value(self):
        """The member's value."""
        return self._value_


class ReprEnum(Enum):
    """An Enum whose str() and format() are those of its data type; only
    repr() shows the enumeration."""


class IntEnum(int, ReprEnum):
    """Enumeration whose members are also ints."""


class StrEnum(str, ReprEnum):
    """Enumeration whose members are also strings."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError('%r is not a string' % (values[0],))
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError('encoding must be a string, not %r' % (values[1],))
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError('errors must be a string, not %r' % (values[2],))
        made = str.__new__(cls, *values)
        made._value_ = str(made)
        return made

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


# -- Flag ------------------------------------------------------------------------

class FlagBoundary(StrEnum):
    """What Flag does with values that have bits it does not define."""
    STRICT = 'strict'       # refuse them
    CONFORM = 'conform'     # drop them
    EJECT = 'eject'         # answer with a plain int
    KEEP = 'keep'           # keep them in the flag


globals().update(FlagBoundary.__members__)


class Flag(Enum, boundary=STRICT):
    """Enumeration of bit flags, which combine with |, & , ^ and ~."""

    _numeric_repr_ = repr

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last = max(last_values)
        try:
            high = last.bit_length() - 1
        except Exception:
            raise TypeError('invalid flag value %r' % last) from None
        return 2 ** (high + 1)

    @classmethod
    def _iter_member_by_value_(cls, value):
        for bit in _bits_lowest_first(value & cls._flag_mask_):
            found = cls._value2member_map_.get(bit)
            if found is not None:
                yield found

    @classmethod
    def _iter_member_by_def_(cls, value):
        wanted = value & cls._flag_mask_
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if m._value_ & wanted == m._value_ and m._value_:
                yield m

    _iter_member_ = _iter_member_by_def_

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        mask = cls._flag_mask_
        all_bits = cls._all_bits_
        boundary = cls._boundary_
        negative = None
        if not ~all_bits <= value <= all_bits or value & (all_bits ^ mask):
            if boundary is STRICT:
                width = max(value.bit_length(), mask.bit_length())
                raise ValueError('%r invalid value %r\n    given %s\n'
                                 '  allowed %s' % (cls, value, bin(value, width),
                                                   bin(mask, width)))
            if boundary is CONFORM:
                value &= mask
            elif boundary is EJECT:
                return value
            elif boundary is KEEP:
                if value < 0:
                    value = max(all_bits + 1, 2 ** value.bit_length()) + value
            else:
                raise ValueError('%r unknown flag boundary %r'
                                 % (cls, boundary))
        if value < 0:
            negative = value
            value = all_bits + 1 + value
        unknown = value & ~mask
        known = value & mask
        if unknown and boundary is not KEEP:
            raise ValueError('%s(%r) -->  unknown values %r [%s]'
                             % (cls.__name__, value, unknown, _builtin_bin(unknown)))
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        if not hasattr(pseudo, '_value_'):
            pseudo._value_ = value
        if known:
            parts = list(cls._iter_member_(known))
            combined = 0
            for m in parts:
                combined |= m._value_
            leftover = value ^ combined
            if not combined:
                pseudo._name_ = None
            else:
                pseudo._name_ = '|'.join(m._name_ for m in parts)
                if leftover:
                    pseudo._name_ += '|%s' % cls._numeric_repr_(leftover)
        else:
            pseudo._name_ = None
        pseudo = cls._value2member_map_.setdefault(value, pseudo)
        if negative is not None:
            cls._value2member_map_.setdefault(negative, pseudo)
        return pseudo

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__,
                               self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return iter(list(self._iter_member_(self._value_)))

    def __len__(self):
        return self._value_.bit_count()

    def __repr__(self):
        cls = self.__class__
        show = cls._value_repr_ or repr
        if self._name_ is None:
            return '<%s: %s>' % (cls.__name__, show(self._value_))
        return '<%s.%s: %s>' % (cls.__name__, self._name_, show(self._value_))

    def __str__(self):
        cls = self.__class__
        if self._name_ is None:
            return '%s(%r)' % (cls.__name__, self._value_)
        return '%s.%s' % (cls.__name__, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _other_value(self, other):
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and isinstance(other, self._member_type_):
            return other
        return None

    def __or__(self, other):
        value = self._other_value(other)
        if value is None:
            return NotImplemented
        return self.__class__(self._value_ | value)

    def __and__(self, other):
        value = self._other_value(other)
        if value is None:
            return NotImplemented
        return self.__class__(self._value_ & value)

    def __xor__(self, other):
        value = self._other_value(other)
        if value is None:
            return NotImplemented
        return self.__class__(self._value_ ^ value)

    def __invert__(self):
        cls = self.__class__
        if cls._boundary_ in (EJECT, KEEP):
            return cls(~self._value_)
        return cls(cls._flag_mask_ ^ self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Flag whose members are also ints."""


# -- decorators and helpers -------------------------------------------------------

def unique(enumeration):
    """Class decorator refusing an enumeration with aliases."""
    aliases = ['%s -> %s' % (name, m.name)
               for name, m in enumeration.__members__.items()
               if name != m.name]
    if aliases:
        raise ValueError('duplicate values found in %r: %s'
                         % (enumeration, ', '.join(aliases)))
    return enumeration


class EnumCheck(StrEnum):
    """Properties that `verify` can demand of an enumeration."""
    CONTINUOUS = 'no skipped integer values'
    NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
    UNIQUE = 'one name per value'


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck


class verify:
    """Class decorator checking the given EnumCheck properties."""

    def __init__(self, *checks):
        self.checks = checks

    def __call__(self, enumeration):
        name = enumeration.__name__
        is_flag = issubclass(enumeration, Flag)
        for check in self.checks:
            if check is UNIQUE:
                aliases = ['%s -> %s' % (n, m.name)
                           for n, m in enumeration.__members__.items()
                           if n != m.name]
                if aliases:
                    raise ValueError('aliases found in %r: %s'
                                     % (enumeration, ', '.join(aliases)))
            elif check is CONTINUOUS:
                values = set(m.value for m in enumeration)
                if len(values) < 2:
                    continue
                low, high = min(values), max(values)
                if is_flag:
                    expected = [2 ** i for i in range(low.bit_length() - 1,
                                                      high.bit_length())]
                else:
                    expected = range(low, high + 1)
                missing = [v for v in expected if v not in values]
                if missing:
                    kind = 'flag' if is_flag else 'enum'
                    raise ValueError('invalid %s %r: missing values %s'
                                     % (kind, name,
                                        ', '.join(str(v) for v in missing)))
            elif check is NAMED_FLAGS:
                missing_names = []
                for n, m in enumeration._member_map_.items():
                    if n in enumeration._member_names_:
                        continue
                    for bit in _bits_lowest_first(m._value_):
                        if bit not in enumeration._value2member_map_:
                            missing_names.append(n)
                            break
                if missing_names:
                    raise ValueError('invalid Flag %r: %s' % (
                        name, ', '.join(missing_names)))
        return enumeration


def global_enum_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    return '%s.%s' % (module, self._name_)


def global_flag_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    if self._name_ is None:
        return '%s.%s(%r)' % (module, self.__class__.__name__, self._value_)
    return '|'.join('%s.%s' % (module, part)
                    for part in self._name_.split('|'))


def global_str(self):
    if self._name_ is None:
        return '%s(%r)' % (self.__class__.__name__, self._value_)
    return self._name_


def global_enum(cls, update_str=False):
    """Class decorator: export the members into the defining module's
    namespace and show them as module attributes."""
    if issubclass(cls, Flag):
        type.__setattr__(cls, '__repr__', global_flag_repr)
    else:
        type.__setattr__(cls, '__repr__', global_enum_repr)
    if not issubclass(cls, ReprEnum) or update_str:
        type.__setattr__(cls, '__str__', global_str)
    _sys.modules[cls.__module__].__dict__.update(cls.__members__)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


pickle_by_enum_name = Enum.__reduce_ex__
