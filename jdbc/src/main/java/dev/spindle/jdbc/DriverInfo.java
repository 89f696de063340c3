package dev.spindle.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apache.calcite.avatica.DriverVersion;

/**
 * The driver's and the product's names and versions, read from one place: the Maven project
 * version, filtered into {@code dev/spindle/jdbc/spindle-version.properties} at build time. The
 * driver and the database are built together, so both report the same version.
 *
 * <p>Thread-safety: immutable constants.
 */
final class DriverInfo {
    static final String PRODUCT_NAME = "Spindle";
    static final String DRIVER_NAME = "Spindle JDBC Driver";
    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}. */
    static final String VERSION = load();
    static final int MAJOR = part(VERSION, 0);
    static final int MINOR = part(VERSION, 1);

    private DriverInfo() {
    }

    static DriverVersion driverVersion() {
        return new DriverVersion(DRIVER_NAME, VERSION, PRODUCT_NAME, VERSION, false, MAJOR, MINOR, MAJOR, MINOR);
    }

    private static String load() {
        try (InputStream in = DriverInfo.class.getResourceAsStream("spindle-version.properties")) {
            if (in == null) {
                throw new IllegalStateException("spindle-version.properties is missing from the driver's jar");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "").trim();
            if (v.isEmpty() || v.startsWith("${")) {
                throw new IllegalStateException("spindle-version.properties was not filtered: " + v);
            }
            return v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code i}-th dot-separated number of {@code version} ({@code 0.1.0-SNAPSHOT}: 0, 1, 0). */
    static int part(String version, int i) {
        String[] parts = version.split("[.-]");
        if (i >= parts.length) {
            return 0;
        }
        try {
            return Integer.parseInt(parts[i]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
