from .missing_module import x
