package dev.spindle.sqllogictest.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultHashTest {

    @Test
    void md5OfEveryValueFollowedByNewline() {
        // printf '1\n2\n3\n' | md5sum
        assertEquals("c0710d6b4f15dfa88f600b0e6b624077", ResultHash.md5(List.of("1", "2", "3")));
        // printf '' | md5sum
        assertEquals("d41d8cd98f00b204e9800998ecf8427e", ResultHash.md5(List.of()));
    }

    @Test
    void hashLineOfARecordOfTheCorpus() {
        // select1.test line 94: "SELECT CASE WHEN c>(SELECT avg(c) FROM t1) THEN a*2 ELSE b*10 END FROM t1
        // ORDER BY 1", whose 30 values were computed independently with Python's sqlite3 module.
        List<String> values = List.of("358", "364", "376", "382", "398", "402", "410", "426", "432", "440", "458",
                "468", "478", "486", "490", "1000", "1050", "1120", "1180", "1240", "1290", "1300", "1390", "1430",
                "1450", "1510", "1580", "1600", "1670", "1700");
        assertEquals("30 values hashing to 3c13dee48d9356ae19af2515e05e6b54", ResultHash.line(values));
    }

    @Test
    void valuesAreHashedAsUtf8() {
        // printf 'caf\xc3\xa9\n' | md5sum
        assertEquals("6e99834b7c3e3fd53529a5489725d7e8", ResultHash.md5(List.of("caf\u00e9")));
    }

    @Test
    void valueBoundariesMatter() {
        assertNotEquals(ResultHash.md5(List.of("ab")), ResultHash.md5(List.of("a", "b")));
    }
}
