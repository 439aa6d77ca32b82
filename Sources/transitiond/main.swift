print("transitiond: not yet wired")
