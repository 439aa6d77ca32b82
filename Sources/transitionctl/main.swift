print("transitionctl: not yet wired")
