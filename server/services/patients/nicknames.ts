/**
 * Common English given names and the short forms billers see on cards and forms, for the
 * duplicate warning: "Bill Smith" registered again as "William Smith" is one person.
 */
const NAME_FAMILIES: readonly (readonly string[])[] = [
  ['WILLIAM', 'BILL', 'BILLY', 'WILL', 'WILLY', 'WILLIE', 'LIAM'],
  ['ROBERT', 'BOB', 'BOBBY', 'ROB', 'ROBBIE', 'ROBBY', 'BERT'],
  ['ELIZABETH', 'LIZ', 'LIZZIE', 'LIZA', 'ELIZA', 'BETH', 'BETSY', 'BETTY', 'LIBBY'],
  ['RICHARD', 'RICK', 'RICKY', 'RICH', 'RICHIE', 'DICK'],
  ['JAMES', 'JIM', 'JIMMY', 'JAMIE'],
  ['JOHN', 'JACK', 'JOHNNY', 'JON'],
  ['JONATHAN', 'JON', 'JONNY'],
  ['MARGARET', 'MAGGIE', 'MEG', 'PEGGY', 'MARGE', 'MARGIE'],
  ['KATHERINE', 'CATHERINE', 'KATHRYN', 'KATE', 'KATIE', 'KATHY', 'CATHY', 'KAT'],
  ['MICHAEL', 'MIKE', 'MIKEY', 'MICK'],
  ['JOSEPH', 'JOE', 'JOEY'],
  ['THOMAS', 'TOM', 'TOMMY'],
  ['CHARLES', 'CHARLIE', 'CHUCK', 'CHAS'],
  ['EDWARD', 'ED', 'EDDIE', 'TED', 'NED'],
  ['THEODORE', 'TED', 'TEDDY', 'THEO'],
  ['ANTHONY', 'TONY'],
  ['DANIEL', 'DAN', 'DANNY'],
  ['CHRISTOPHER', 'CHRIS', 'KIT'],
  ['CHRISTINE', 'CHRISTINA', 'CHRIS', 'TINA'],
  ['JENNIFER', 'JEN', 'JENNY'],
  ['PATRICIA', 'PAT', 'PATTY', 'TRISH', 'TRICIA'],
  ['PATRICK', 'PAT', 'PADDY'],
  ['SUSAN', 'SUE', 'SUSIE', 'SUZY'],
  ['DEBORAH', 'DEBRA', 'DEB', 'DEBBIE'],
  ['STEVEN', 'STEPHEN', 'STEVE', 'STEVIE'],
  ['ALEXANDER', 'ALEX', 'AL', 'SANDY'],
  ['NICHOLAS', 'NICK', 'NICKY'],
  ['MATTHEW', 'MATT'],
  ['ANDREW', 'ANDY', 'DREW'],
  ['BENJAMIN', 'BEN', 'BENNY'],
  ['SAMUEL', 'SAM', 'SAMMY'],
  ['SAMANTHA', 'SAM', 'SAMMY'],
  ['REBECCA', 'BECKY', 'BECCA'],
  ['VICTORIA', 'VICKY', 'TORI'],
  ['GREGORY', 'GREG'],
  ['TIMOTHY', 'TIM', 'TIMMY'],
  ['KENNETH', 'KEN', 'KENNY'],
  ['RONALD', 'RON', 'RONNIE'],
  ['DONALD', 'DON', 'DONNIE'],
  ['DOUGLAS', 'DOUG'],
  ['LAWRENCE', 'LARRY'],
  ['ABIGAIL', 'ABBY', 'ABBIE'],
  ['DOROTHY', 'DOT', 'DOTTIE'],
  ['FRANCES', 'FRAN', 'FRANNIE'],
  ['FRANCIS', 'FRANK'],
  ['HENRY', 'HANK', 'HARRY'],
  ['HAROLD', 'HAL', 'HARRY'],
  ['GERALD', 'JERRY'],
  ['JOSHUA', 'JOSH'],
  ['ZACHARY', 'ZACH'],
  ['ALBERT', 'AL', 'BERT'],
  ['ALFRED', 'AL', 'ALFIE', 'FRED'],
  ['FREDERICK', 'FRED', 'FREDDIE'],
  ['RAYMOND', 'RAY'],
  ['PETER', 'PETE'],
  ['PHILIP', 'PHILLIP', 'PHIL'],
  ['VINCENT', 'VINCE', 'VINNY'],
  ['JACQUELINE', 'JACKIE'],
  ['BARBARA', 'BARB', 'BARBIE'],
  ['CYNTHIA', 'CINDY'],
  ['PAMELA', 'PAM'],
  ['KIMBERLY', 'KIM'],
  ['ALEXANDRA', 'ALEX', 'LEXI', 'SANDRA', 'SANDY'],
  ['VALERIE', 'VAL'],
  ['JUDITH', 'JUDY'],
  ['TERESA', 'THERESA', 'TERRY', 'TESS'],
  ['ANN', 'ANNE', 'ANNIE', 'ANNA', 'NANCY'],
  ['MARY', 'MOLLY', 'POLLY', 'MAMIE'],
  ['SARAH', 'SARA', 'SALLY'],
  ['EUGENE', 'GENE'],
  ['LEONARD', 'LEO', 'LEN', 'LENNY'],
  ['NATHANIEL', 'NATHAN', 'NATE', 'NAT'],
  ['ISABEL', 'ISABELLA', 'BELLA', 'IZZY'],
];

const familiesOf = new Map<string, Set<number>>();
NAME_FAMILIES.forEach((family, index) => {
  for (const name of family) {
    const families = familiesOf.get(name) ?? new Set<number>();
    families.add(index);
    familiesOf.set(name, families);
  }
});

/** Whether two different given names (upper case, letters only) are forms of one name. */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return false;
  const ofA = familiesOf.get(a);
  const ofB = familiesOf.get(b);
  if (!ofA || !ofB) return false;
  for (const family of ofA) if (ofB.has(family)) return true;
  return false;
}
