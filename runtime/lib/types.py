"""Weft's `types` module: names for the classes of the interpreter's own
objects, taken from objects of each class."""

__all__ = ['FunctionType', 'LambdaType', 'CodeType', 'MappingProxyType',
           'GeneratorType', 'CoroutineType', 'AsyncGeneratorType',
           'MethodType', 'BuiltinFunctionType', 'BuiltinMethodType',
           'ModuleType', 'CellType', 'GenericAlias', 'UnionType',
           'NoneType', 'EllipsisType', 'NotImplementedType', 'SimpleNamespace']


def _function():
    pass


FunctionType = type(_function)
LambdaType = type(lambda: None)
CodeType = type(_function.__code__)
MappingProxyType = type(type.__dict__)


def _generator():
    yield 1


GeneratorType = type(_generator())


async def _coroutine():
    pass


_c = _coroutine()
CoroutineType = type(_c)
_c.close()


async def _async_generator():
    yield 1


AsyncGeneratorType = type(_async_generator())


class _C:
    def _method(self):
        pass


MethodType = type(_C()._method)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(__import__('sys'))


def _cell_holder():
    x = 1

    def inner():
        return x
    return inner.__closure__[0]


CellType = type(_cell_holder())
GenericAlias = type(list[int])
UnionType = type(int | str)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


class SimpleNamespace:
    """An object whose attributes are the keyword arguments it was made
    with; it prints them and compares equal by them."""

    def __init__(self, /, **kwargs):
        self.__dict__.update(kwargs)

    def __repr__(self):
        items = ', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())
        return f'namespace({items})'

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


del _function, _generator, _coroutine, _c, _async_generator, _C, _cell_holder
