// Specimen designs (issue 3). Placeholder until the renderer lands.
public enum Specimens {}
