print("init util", __name__, __package__)
def helper(s):
    return s + "!"
_private = 1
public = 2
