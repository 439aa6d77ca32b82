import ArgumentParser

TransitionVdev.main()
