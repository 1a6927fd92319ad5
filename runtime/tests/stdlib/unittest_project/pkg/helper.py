# not a test module (does not match test*.py)
VALUE = 3
