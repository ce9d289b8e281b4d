/// Name and place pools for generated people: common across Canada's and the world's
/// populations, mixed so no combination points to anyone.
enum NameLists {
    static let surnames = [
        "SMITH", "BROWN", "TREMBLAY", "MARTIN", "ROY", "WILSON", "MACDONALD", "GAGNON", "JOHNSON", "TAYLOR",
        "CAMPBELL", "ANDERSON", "LEBLANC", "LEE", "CÔTÉ", "WONG", "NGUYEN", "SINGH", "PATEL", "KHAN",
        "O'CONNOR", "BOUCHARD", "GAUTHIER", "MORIN", "LAVOIE", "FORTIN", "THOMPSON", "WHITE", "CHEN", "LI",
        "GARCIA", "ROSSI", "KOWALSKI", "MÜLLER", "NOWAK", "IVANOV", "OKAFOR", "MENSAH", "HASSAN", "ALI",
        "SANTOS", "PEREIRA", "DUBOIS", "BERGERON", "PELLETIER", "SANDHU", "GILL", "FRASER", "MURRAY", "STEWART",
        "KIM", "PARK", "TANAKA", "SATO", "ERIKSSON", "LARSEN", "JANSEN", "DE VRIES", "MCKENZIE", "ST-PIERRE",
        "BÉLANGER", "GIRARD", "SIMARD", "ABDULLAH", "RAHMAN", "MOREAU", "LAFLEUR", "HUGHES", "CLARKE", "GRANT",
    ]
    static let femaleNames = [
        "ANNA", "MARIE", "SARAH", "EMMA", "OLIVIA", "SOPHIE", "CHLOÉ", "LÉA", "PRIYA", "MEI", "FATIMA", "AISHA",
        "JESSICA", "LAURA", "NATALIE", "ISABELLE", "CATHERINE", "ELENA", "YUKI", "GRACE", "HANNAH", "ZOE",
        "AMÉLIE", "JULIE", "NADIA", "ROSA", "INGRID", "AMARA", "LUCIA", "ELIZABETH", "MARGARET", "SIMRAN",
    ]
    static let maleNames = [
        "JAMES", "JOHN", "MICHAEL", "DAVID", "LIAM", "NOAH", "LUCAS", "FRANÇOIS", "JEAN", "PIERRE", "MOHAMMED",
        "OMAR", "RAJ", "ARJUN", "WEI", "HIROSHI", "DANIEL", "THOMAS", "MATTHEW", "ALEXANDRE", "GABRIEL", "SAMUEL",
        "KWAME", "CARLOS", "MARCO", "ERIK", "PAUL", "ROBERT", "WILLIAM", "ÉTIENNE", "HARPREET", "ANDREW",
    ]
    static let streetNames = [
        "MAPLE", "KING", "QUEEN", "CHURCH", "PARK", "LAKESHORE", "MAIN", "ELM", "CEDAR", "BIRCH", "VICTORIA",
        "WELLINGTON", "RIVERSIDE", "HILLCREST", "SUNSET", "OAK", "PINE", "HURON", "ERIE", "FRONT",
    ]
    static let streetKinds = ["ST", "AVE", "RD", "DR", "CRES", "BLVD", "WAY", "CRT"]
    static let frenchStreets = ["RUE DES ÉRABLES", "RUE PRINCIPALE", "BOUL. SAINT-LAURENT", "RUE SAINT-JEAN",
                                "AV. DU PARC", "RUE NOTRE-DAME", "CH. DU LAC", "RUE DES PINS"]
    static let eyeColours = ["BRN", "BLU", "GRN", "HAZ", "GRY", "BLK"]
}
