package dev.spindle.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaFactory;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.UnregisteredDriver;

/**
 * The Spindle JDBC driver: {@code jdbc:spindle:mem:} (a private in-memory database, closed with
 * its connection) and {@code jdbc:spindle:mem:NAME} (shared by name in this JVM while any
 * connection to it is open); see {@link ConnectionSpec} for properties. Registered with
 * {@link java.sql.DriverManager} by {@code META-INF/services/java.sql.Driver} and by loading this
 * class.
 *
 * <p>Thread-safety: any thread may connect.
 */
public final class Driver extends UnregisteredDriver {
    /** The database a connection under construction on this thread is to use (see createMeta). */
    private static final ThreadLocal<DatabaseHandle> OPENING = new ThreadLocal<>();

    static {
        new Driver().register();
    }

    /** A driver instance; {@link java.sql.DriverManager} normally makes the one it uses. */
    public Driver() {
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return DriverInfo.driverVersion();
    }

    @Override
    protected AvaticaFactory createFactory() {
        return new SpindleFactory();
    }

    @Override
    protected String getConnectStringPrefix() {
        return ConnectionSpec.PREFIX;
    }

    /**
     * Parses and checks the URL and properties before Avatica sees them (Avatica's own URL parser
     * does not know {@code mem:NAME}), claims the database, and builds the connection around it.
     */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionSpec spec = ConnectionSpec.parse(url, info);
        DatabaseHandle handle;
        try {
            handle = DatabaseHandle.acquire(spec); // file mode: recovery and replay, or 55006, XX001
        } catch (dev.spindle.common.error.SpindleException e) {
            throw e.toSQLException();
        }
        OPENING.set(handle);
        try {
            AvaticaConnection connection = factory.newConnection(this, factory, url, spec.properties());
            handler.onConnectionInit(connection);
            return connection;
        } catch (SQLException | RuntimeException | Error e) {
            handle.release();
            throw e;
        } finally {
            OPENING.remove();
        }
    }

    /** Called by the connection's constructor, on the thread running {@link #connect}. */
    @Override
    public Meta createMeta(AvaticaConnection connection) {
        DatabaseHandle handle = OPENING.get();
        if (handle == null) {
            throw new IllegalStateException("Spindle connections are made through Driver.connect");
        }
        return new SpindleMeta(connection, handle);
    }
}
