"""Shim of CircuitPython's ``micropython`` module: ``const`` and the code-emitter decorators."""


def const(x):
    return x


def native(f):
    return f


def viper(f):
    return f
