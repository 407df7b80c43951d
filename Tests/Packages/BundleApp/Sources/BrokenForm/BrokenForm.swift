/// A target whose schema has a mistake, so that building it fails at the mistake's position.
public enum BrokenForm {}
