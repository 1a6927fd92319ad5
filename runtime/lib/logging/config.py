"""Configuring logging from a dictionary (the common part of CPython
3.11's logging.config.dictConfig; fileConfig and listen are not provided).

Supported: version 1 schemas with formatters, filters, handlers, loggers,
root, disable_existing_loggers, incremental (levels only), '()' factories,
'ext://' and 'cfg://' references, handler 'target' references."""

import sys
import logging

DEFAULT_LOGGING_CONFIG_PORT = 9030


def _resolve(dotted):
    """The object a dotted name refers to, importing modules as needed."""
    try:
        return _walk_dotted(dotted)
    except ImportError as e:
        raise ValueError('Cannot resolve %r: %s' % (dotted, e)) from e


def _walk_dotted(dotted):
    pieces = dotted.split('.')
    used = pieces.pop(0)
    found = __import__(used)
    for piece in pieces:
        used = used + '.' + piece
        try:
            found = getattr(found, piece)
        except AttributeError:
            __import__(used)
            found = getattr(found, piece)
    return found


def _is_word(text):
    return bool(text) and text.replace('_', 'a').isalnum()


class _Configurator(object):
    """Applies one configuration dictionary."""

    def __init__(self, config):
        self.config = config

    # --- value conversion ---

    def convert(self, value):
        if isinstance(value, str):
            if value.startswith('ext://'):
                return _resolve(value[6:])
            if value.startswith('cfg://'):
                return self._lookup(value[6:])
        return value

    def _lookup(self, path):
        # 'a.b[0][key]' walked from the top of the configuration.
        current = self.config
        i = 0
        n = len(path)
        while i < n:
            if path[i] == '.':
                i += 1
                continue
            if path[i] == '[':
                j = path.index(']', i)
                key = path[i + 1:j]
                if key.isdigit():
                    try:
                        current = current[int(key)]
                    except (TypeError, KeyError, IndexError):
                        current = current[key]
                else:
                    current = current[key]
                i = j + 1
                continue
            j = i
            while j < n and path[j] not in '.[':
                j += 1
            current = current[path[i:j]]
            i = j
        return current

    def _factory_call(self, spec, skip=()):
        spec = dict(spec)
        maker = spec.pop('()')
        if not callable(maker):
            maker = _resolve(maker)
        attributes = spec.pop('.', None)
        kwargs = {k: self.convert(v) for k, v in spec.items()
                  if _is_word(k) and k not in skip}
        made = maker(**kwargs)
        if attributes:
            for key, value in attributes.items():
                setattr(made, key, value)
        return made

    # --- the pieces ---

    def make_formatter(self, spec):
        if '()' in spec:
            return self._factory_call(spec)
        klass = spec.get('class', None)
        klass = _resolve(klass) if klass else logging.Formatter
        extra = {}
        for key in ('validate', 'defaults'):
            if key in spec:
                extra[key] = spec[key]
        return klass(spec.get('format', None), spec.get('datefmt', None),
                     spec.get('style', '%'), **extra)

    def make_filter(self, spec):
        if '()' in spec:
            return self._factory_call(spec)
        return logging.Filter(spec.get('name', ''))

    def attach_filters(self, target, names):
        for name in names:
            try:
                target.addFilter(self.config['filters'][name])
            except Exception as e:
                raise ValueError('Unable to add filter %r' % name) from e

    def make_handler(self, spec):
        spec = dict(spec)
        formatter_name = spec.pop('formatter', None)
        level = spec.pop('level', None)
        filter_names = spec.pop('filters', None)
        if '()' in spec:
            made = self._factory_call(spec)
        else:
            klass = self.convert(spec.pop('class'))
            if not callable(klass):
                klass = _resolve(klass)
            target_name = spec.pop('target', None)
            kwargs = {k: self.convert(v) for k, v in spec.items()
                      if _is_word(k)}
            if target_name is not None:
                try:
                    kwargs['target'] = self.config['handlers'][target_name]
                except Exception as e:
                    raise ValueError('Unable to set target handler %r'
                                     % target_name) from e
            made = klass(**kwargs)
        if formatter_name:
            try:
                made.setFormatter(self.config['formatters'][formatter_name])
            except Exception as e:
                raise ValueError('Unable to set formatter %r'
                                 % formatter_name) from e
        if level is not None:
            made.setLevel(logging._checkLevel(level))
        if filter_names:
            self.attach_filters(made, filter_names)
        return made

    def setup_logger(self, logger, spec, incremental):
        level = spec.get('level', None)
        if level is not None:
            logger.setLevel(logging._checkLevel(level))
        if logger is not logging.root:
            if spec.get('propagate', None) is not None:
                logger.propagate = spec['propagate']
            logger.disabled = False
        if incremental:
            return
        for old in list(logger.handlers):
            logger.removeHandler(old)
        for name in spec.get('handlers', None) or ():
            try:
                logger.addHandler(self.config['handlers'][name])
            except Exception as e:
                raise ValueError('Unable to add handler %r' % name) from e
        filter_names = spec.get('filters', None)
        if filter_names:
            self.attach_filters(logger, filter_names)

    # --- whole configuration ---

    def configure(self):
        config = self.config
        try:
            version = config['version']
        except KeyError:
            raise ValueError("dictionary doesn't specify a version") \
                from None
        if version != 1:
            raise ValueError("Unsupported version: %s" % version)
        incremental = config.pop('incremental', False)
        with logging._lock:
            if incremental:
                self._incremental()
            else:
                self._full(config)

    def _incremental(self):
        config = self.config
        for name, spec in (config.get('handlers') or {}).items():
            found = logging._handlers.get(name)
            if found is None:
                raise ValueError('No handler found with name %r' % name)
            if spec.get('level', None) is not None:
                found.setLevel(logging._checkLevel(spec['level']))
        for name, spec in (config.get('loggers') or {}).items():
            try:
                self.setup_logger(logging.getLogger(name), spec, True)
            except Exception as e:
                raise ValueError('Unable to configure logger %r' % name) \
                    from e
        if config.get('root', None):
            try:
                self.setup_logger(logging.root, config['root'], True)
            except Exception as e:
                raise ValueError('Unable to configure root logger') from e

    def _full(self, config):
        disable_existing = config.pop('disable_existing_loggers', True)
        _clear_existing_handlers()

        table = config.get('formatters') or {}
        for name in list(table):
            try:
                table[name] = self.make_formatter(table[name])
            except Exception as e:
                raise ValueError('Unable to configure formatter %r'
                                 % name) from e
        table = config.get('filters') or {}
        for name in list(table):
            try:
                table[name] = self.make_filter(table[name])
            except Exception as e:
                raise ValueError('Unable to configure filter %r'
                                 % name) from e

        # Handlers referring to other handlers ('target') are made after
        # the ones they refer to.
        table = config.get('handlers') or {}
        pending = sorted(table)
        while pending:
            postponed = []
            for name in pending:
                spec = table[name]
                target = spec.get('target') if isinstance(spec, dict) else None
                if target is not None and target in table and \
                        isinstance(table[target], dict):
                    postponed.append(name)
                    continue
                try:
                    made = self.make_handler(spec)
                    made.name = name
                    table[name] = made
                except Exception as e:
                    raise ValueError('Unable to configure handler %r'
                                     % name) from e
            if len(postponed) == len(pending):
                raise ValueError('Unable to configure handler %r'
                                 % postponed[0])
            pending = postponed

        existing = sorted(logging.root.manager.loggerDict)
        configured = set()
        for name, spec in (config.get('loggers') or {}).items():
            configured.add(name)
            try:
                self.setup_logger(logging.getLogger(name), spec, False)
            except Exception as e:
                raise ValueError('Unable to configure logger %r' % name) \
                    from e
        # Existing loggers that were not configured, nor are below a
        # configured one, are disabled (or re-enabled) as requested.
        for name in existing:
            if name in configured:
                continue
            below = any(name.startswith(c + '.') for c in configured)
            entry = logging.root.manager.loggerDict.get(name)
            if not isinstance(entry, logging.Logger):
                continue
            if below:
                entry.level = logging.NOTSET
                entry.handlers = []
                entry.propagate = True
            else:
                entry.disabled = disable_existing
        if config.get('root', None):
            try:
                self.setup_logger(logging.root, config['root'], False)
            except Exception as e:
                raise ValueError('Unable to configure root logger') from e


def _clear_existing_handlers():
    logging._handlers.clear()
    logging.shutdown(logging._handlerList[:])
    del logging._handlerList[:]


dictConfigClass = _Configurator


def dictConfig(config):
    """Configure logging from a dictionary following the version 1
    schema."""
    dictConfigClass(_deep_copy(config)).configure()


def _deep_copy(value):
    # The configuration is converted in place; work on a private copy of
    # its dicts and lists (leaves are shared).
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value
