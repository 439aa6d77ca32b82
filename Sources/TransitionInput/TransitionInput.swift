// TransitionInput: see Package.swift for where this module sits in the data flow.
public enum TransitionInputModule {}
