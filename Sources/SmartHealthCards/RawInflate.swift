import CHealthZlib
import Foundation

/// Inflates raw DEFLATE data (RFC 1951, no zlib or gzip header), as SMART Health Card payloads are.
enum RawInflate {
    /// The largest payload accepted, to refuse decompression bombs.
    static let maximumSize = 8 << 20

    /// The inflated bytes; throws a ``SmartHealthCardCheck/deflate`` error for anything that is not
    /// complete raw DEFLATE data.
    static func inflate(_ input: Data) throws(SmartHealthCardError) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SmartHealthCardError(.deflate, "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var status: Int32 = Z_OK
        var source = [UInt8](input)
        let count = source.count
        source.withUnsafeMutableBufferPointer { input in
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = CHealthZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(buffer.baseAddress!, count: buffer.count - Int(stream.avail_out))
                }
            } while status == Z_OK && output.count <= maximumSize && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard status == Z_STREAM_END else {
            let reason = status == Z_DATA_ERROR ? "the payload is not raw DEFLATE data"
                : output.count > maximumSize ? "the payload inflates beyond \(maximumSize) bytes" : "the DEFLATE data is incomplete"
            throw SmartHealthCardError(.deflate, reason)
        }
        guard stream.avail_in == 0 else { throw SmartHealthCardError(.deflate, "bytes follow the end of the DEFLATE data") }
        return output
    }
}
