def work():
    try:
        raise ExceptionGroup("a", [ValueError(1), TypeError(2), OSError(3)])
    except* ValueError:
        raise KeyError(3)
    except* TypeError:
        raise


work()
