"""Screens, LED rendering, menus and the main loop."""
