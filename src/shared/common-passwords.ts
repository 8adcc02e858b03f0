/**
 * The most common passwords of public breach lists (all at least 8 characters long, lower
 * case; shorter ones already fail the length rule). A small bundled list: the server refuses
 * these without calling any outside service.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '123321123', '11111111',
  '111111111', '1111111111', '00000000', '000000000', '0000000000', '88888888', '99999999',
  '87654321', '98765432', '987654321', '9876543210', '11223344', '12341234', '12121212',
  '13131313', '147258369', '159753159', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qazxsw2',
  'zaq12wsx', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty1234', 'qwe123qwe', 'asdfghjk',
  'asdfghjkl', 'asdf1234', 'zxcvbnm1', 'zxcvbnm123', 'password', 'password1', 'password12',
  'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word', 'passpass',
  'iloveyou', 'iloveyou1', 'princess', 'princess1', 'sunshine', 'sunshine1', 'football',
  'football1', 'baseball', 'basketball', 'superman', 'batman123', 'starwars', 'whatever',
  'trustno1', 'letmein1', 'letmein123', 'welcome1', 'welcome123', 'changeme', 'changeme123',
  'abc12345', 'abcd1234', 'abcdefgh', 'aa123456', 'a1234567', 'admin123', 'admin1234',
  'administrator', 'adminadmin', 'root1234', 'master123', 'mustang1', 'michael1', 'jennifer',
  'jordan23', 'computer', 'internet', 'security', 'monkey123', 'dragon123', 'shadow123',
  'charlie1', 'chocolate', 'butterfly', 'liverpool', 'chelsea1', 'arsenal1', 'blink182',
  'qazwsxedc', 'q1w2e3r4', 'q1w2e3r4t5', 'secret123', 'test1234', 'testtest', 'letmeinplease',
  'mingo123', 'mingomingo', 'moviebingo', 'bingo123',
]);
