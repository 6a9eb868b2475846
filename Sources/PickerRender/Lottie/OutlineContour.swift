import CPickerCairo
import PickerKit

/// One contour of a cairo path as Lottie writes a path: its vertices, and each vertex's in and out tangents
/// relative to it (zero for straight lines).
struct OutlineContour: Equatable {
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []
    var closed = false

    /// The contours of `cairo`'s current path, in user space (cairo's paths hold only moves, lines, cubic curves and
    /// closes, which map one to one onto Lottie's vertices and tangents).
    static func contours(ofPathOn cairo: OpaquePointer) -> [OutlineContour] {
        guard let path = cairo_copy_path(cairo) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var contours: [OutlineContour] = []
        var current = OutlineContour()
        func finish() {
            if current.vertices.count > 1 { contours.append(current.closingOnItsStart()) }
            current = OutlineContour()
        }
        func point(_ index: Int) -> Point { Point(x: data[index].point.x, y: data[index].point.y) }
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            let length = max(1, Int(header.length))
            guard index + length <= count else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2:
                finish()
                current.append(point(index + 1))
            case CAIRO_PATH_LINE_TO where length >= 2:
                current.append(point(index + 1))
            case CAIRO_PATH_CURVE_TO where length >= 4:
                let (first, second, end) = (point(index + 1), point(index + 2), point(index + 3))
                if let last = current.vertices.indices.last {
                    current.outTangents[last] = Point(x: first.x - current.vertices[last].x, y: first.y - current.vertices[last].y)
                }
                current.append(end, inTangent: Point(x: second.x - end.x, y: second.y - end.y))
            case CAIRO_PATH_CLOSE_PATH:
                current.closed = true
                let start = current.vertices.first
                finish()
                // cairo starts the next contour at the closed one's start, with a move it writes itself.
                if let start { current.append(start) }
            default: break
            }
            index += length
        }
        finish()
        return contours
    }

    private mutating func append(_ vertex: Point, inTangent: Point = Point(x: 0, y: 0)) {
        vertices.append(vertex)
        inTangents.append(inTangent)
        outTangents.append(Point(x: 0, y: 0))
    }

    /// A closed contour whose last vertex is its first drawn again, without that vertex: its in tangent moves to
    /// the first vertex, as Lottie closes a path from the last vertex to the first.
    private func closingOnItsStart() -> OutlineContour {
        guard closed, vertices.count > 1, let first = vertices.first, let last = vertices.last,
            abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
        else { return self }
        var contour = self
        contour.vertices.removeLast()
        contour.inTangents[0] = contour.inTangents.removeLast()
        contour.outTangents.removeLast()
        return contour
    }
}
